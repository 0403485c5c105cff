import {
  Check,
  Column,
  CreateDateColumn,
  Entity,
  Index,
  JoinColumn,
  ManyToOne,
  PrimaryColumn,
  PrimaryGeneratedColumn,
  type Relation,
  UpdateDateColumn,
} from 'typeorm';

/**
 * A store the deployment hosts (docs/api.md#stores). Settings left null take their default when read
 * (store-face.ts): the store's address from its first host, the sender under the store's name.
 */
@Entity({ name: 'stores' })
@Index('UQ_stores_handle', ['handle'], { unique: true })
@Check('CHK_stores_handle', `"handle" ~ '^[a-z0-9-]{1,63}$'`)
@Check('CHK_stores_status', `"status" IN ('active', 'closed')`)
@Check('CHK_stores_cluster', `"cluster" ~ '^[a-z][a-z0-9_]{0,30}$'`)
export class Store {
  @PrimaryGeneratedColumn()
  id: number;

  /** The operator's name for it (`default` for the first store): `[a-z0-9-]{1,63}`. */
  @Column({ type: 'text' })
  handle: string;

  @Column({ type: 'text' })
  name: string;

  @Column({ type: 'text', nullable: true })
  store_url: string | null;

  @Column({ type: 'text', default: 'USD' })
  currency: string;

  @Column({ type: 'text', default: 'en-US' })
  locale: string;

  @Column({ type: 'text', nullable: true })
  mail_from: string | null;

  @Column({ type: 'text', nullable: true })
  store_email: string | null;

  @Column({ type: 'text', default: 'active' })
  status: 'active' | 'closed';

  /** The PostgreSQL cluster its data lives on (docs/api.md#clusters): `home` unless placed elsewhere. */
  @Column({ type: 'text', default: 'home' })
  cluster: string;

  @CreateDateColumn({ type: 'timestamptz' })
  created_at: Date;

  @UpdateDateColumn({ type: 'timestamptz' })
  updated_at: Date;
}

/** A host name a store answers on: each host in one store at most (its primary key), lower case. */
@Entity({ name: 'store_hosts' })
@Index('IDX_store_hosts_store_id_position', ['store_id', 'position'])
@Check('CHK_store_hosts_host', `"host" = lower("host")`)
export class StoreHost {
  @PrimaryColumn({ type: 'text' })
  host: string;

  @Column({ type: 'int' })
  store_id: number;

  @ManyToOne(() => Store, { onDelete: 'CASCADE' })
  @JoinColumn({ name: 'store_id' })
  store?: Relation<Store>;

  /** Its place in the store's list: the first host makes the default `store_url`. */
  @Column({ type: 'int' })
  position: number;
}

/**
 * One row counting the changes to stores and their hosts (a trigger adds one in the writing
 * transaction), so every process can see in one small read whether its directory is current.
 */
@Entity({ name: 'store_directory_version' })
@Check('CHK_store_directory_version_one_row', '"id"')
export class StoreDirectoryVersion {
  @PrimaryColumn({ type: 'boolean', default: true })
  id: boolean;

  @Column({ type: 'bigint', default: 0 })
  version: string;
}

export const STORES_ENTITIES = [Store, StoreHost, StoreDirectoryVersion];
