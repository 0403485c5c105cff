import { Column, CreateDateColumn, Entity, PrimaryColumn } from 'typeorm';

/**
 * A key the deployment makes for itself, once, and every host then reads (today the cart pages'
 * form-token key, `cart-token`): kept in the database every api shares, so no host has a key of
 * its own. Written once and never changed; a different value is a new name.
 */
@Entity({ name: 'server_secrets' })
export class ServerSecret {
  @PrimaryColumn({ type: 'varchar', length: 64 })
  name: string;

  @Column({ type: 'text' })
  value: string;

  @CreateDateColumn({ type: 'timestamptz' })
  created_at: Date;
}
