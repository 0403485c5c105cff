import {
  Column,
  CreateDateColumn,
  Entity,
  Index,
  JoinColumn,
  ManyToOne,
  PrimaryGeneratedColumn,
  type Relation,
  UpdateDateColumn,
} from 'typeorm';
import { Store } from '../stores/store.entity.js';

/** An API key of one store. The access token is stored only as its SHA-256 hash. */
@Entity({ name: 'api_keys' })
@Index('IDX_api_keys_store_id_id', ['store_id', 'id'])
export class ApiKey {
  @PrimaryGeneratedColumn()
  id: number;

  /** The store whose requests it may make: on another store's host it is refused as an unknown key. */
  @Column({ type: 'integer' })
  store_id: number;

  @ManyToOne(() => Store, { onDelete: 'RESTRICT' })
  @JoinColumn({ name: 'store_id' })
  store?: Relation<Store>;

  @Column({ type: 'text' })
  name: string;

  @Index('UQ_api_keys_token_hash', { unique: true })
  @Column({ type: 'char', length: 64 })
  token_hash: string;

  /** The hash of the `ss_…` secret that keys made before it was dropped were given; never read, null for newer keys. */
  @Column({ type: 'char', length: 64, nullable: true })
  secret_hash: string | null;

  @Column({ type: 'text', array: true })
  scopes: string[];

  @Column({ type: 'timestamptz', nullable: true })
  expires_at: Date | null;

  @Column({ type: 'timestamptz', nullable: true })
  revoked_at: Date | null;

  @Column({ type: 'timestamptz', nullable: true })
  last_used_at: Date | null;

  @CreateDateColumn({ type: 'timestamptz' })
  created_at: Date;

  @UpdateDateColumn({ type: 'timestamptz' })
  updated_at: Date;
}
