import { Check, Column, Entity, Index, PrimaryColumn } from 'typeorm';

/**
 * A PostgreSQL cluster stores may live on (docs/api.md#clusters), and the id space it hands out ids
 * from: its sequences give the ids of residue `id_space` modulo 16, so no two clusters ever give the
 * same id and a store keeps its ids wherever it lives. The home cluster's table lists every cluster
 * (`home` is 0); each other cluster's lists itself alone, which is how a process knows a database
 * is the cluster its configuration names.
 */
@Entity({ name: 'clusters' })
@Index('UQ_clusters_id_space', ['id_space'], { unique: true })
@Check('CHK_clusters_name', `"name" ~ '^[a-z][a-z0-9_]{0,30}$'`)
@Check('CHK_clusters_id_space', `"id_space" BETWEEN 0 AND 15`)
export class Cluster {
  @PrimaryColumn({ type: 'text' })
  name: string;

  @Column({ type: 'integer' })
  id_space: number;
}

/**
 * A store's writes held off on this cluster while it moves, or refused for good once it moved
 * (docs/api.md#clusters): `incoming` (on the cluster it moves to, until the switch) and `draining`
 * stop new claims of its background work there, `frozen` (until `until`, which the move keeps
 * pushing on) refuses its writes with 503, `moved` refuses them for ever here (its data lives
 * elsewhere now). A trigger on every table of a store's data reads it; the claims of background
 * work read it too.
 */
@Entity({ name: 'store_fences' })
@Check('CHK_store_fences_state', `"state" IN ('incoming', 'draining', 'frozen', 'moved')`)
export class StoreFence {
  @PrimaryColumn({ type: 'integer' })
  store_id: number;

  @Column({ type: 'text' })
  state: 'incoming' | 'draining' | 'frozen' | 'moved';

  @Column({ type: 'timestamptz', nullable: true })
  until: Date | null;
}

/**
 * The last write of a store on the cluster it leaves: written once its writes are frozen, it is the
 * change the move waits to see applied on the cluster it goes to (everything before it is there then).
 */
@Entity({ name: 'store_move_marks' })
export class StoreMoveMark {
  @PrimaryColumn({ type: 'integer' })
  store_id: number;

  @Column({ type: 'text' })
  token: string;
}
