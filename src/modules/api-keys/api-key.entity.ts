import { Column, CreateDateColumn, Entity, Index, PrimaryGeneratedColumn, UpdateDateColumn } from 'typeorm';

/** An API key. The access token and secret are stored only as SHA-256 hashes. */
@Entity({ name: 'api_keys' })
export class ApiKey {
  @PrimaryGeneratedColumn()
  id: number;

  @Column({ type: 'text' })
  name: string;

  @Index('UQ_api_keys_token_hash', { unique: true })
  @Column({ type: 'char', length: 64 })
  token_hash: string;

  @Column({ type: 'char', length: 64 })
  secret_hash: string;

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
