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
