import { Injectable } from '@nestjs/common';
import type { EntityManager } from 'typeorm';
import { GenerateSql, SqlArg } from '../sql/snapshot.js';
import { runStatement } from '../sql/statement.js';

/** A row of `clusters`: a cluster's name and the residue of its ids modulo 16. */
export interface ClusterRow {
  name: string;
  id_space: number;
}

/**
 * Every statement of the cluster register (src/database/clusters/cluster.entity.ts): who a database
 * says it is, the id spaces the home hands out, and the placing of a database's id sequences.
 */
@Injectable()
export class ClustersRepository {
  /**
   * Records that this database is the cluster `name` with `idSpace`, unless it says already who it
   * is; answers what it says (the home: every cluster; another: itself).
   */
  @GenerateSql({ args: [SqlArg.manager, 'home', 0] })
  async claim(m: EntityManager, name: string, idSpace: number): Promise<ClusterRow[]> {
    await runStatement(
      m,
      'INSERT INTO clusters (name, id_space) SELECT $1, $2 WHERE NOT EXISTS (SELECT 1 FROM clusters) ON CONFLICT DO NOTHING',
      [name, idSpace],
    );
    return runStatement<ClusterRow>(m, 'SELECT name, id_space FROM clusters ORDER BY id_space', []);
  }

  /**
   * The id space of the cluster `name` in the home's register: the one it has, or the lowest free
   * (1–15) for a cluster seen for the first time. The register is locked meanwhile, so two processes
   * enrolling two new clusters at once never give both one space. Null when every space is taken.
   */
  @GenerateSql({ args: [SqlArg.manager, 'eu'] })
  async enroll(m: EntityManager, name: string): Promise<number | null> {
    await runStatement(m, 'LOCK TABLE clusters IN SHARE ROW EXCLUSIVE MODE', []);
    await runStatement(
      m,
      `INSERT INTO clusters (name, id_space)
       SELECT $1, min(s) FROM generate_series(1, 15) s WHERE s NOT IN (SELECT id_space FROM clusters)
       HAVING min(s) IS NOT NULL
       ON CONFLICT (name) DO NOTHING`,
      [name],
    );
    const [row] = await runStatement<{ id_space: number }>(m, 'SELECT id_space FROM clusters WHERE name = $1', [name]);
    return row?.id_space ?? null;
  }

  /** The last value each sequence of this database gave, by name (the migration's sequence_values): another cluster's floors. */
  @GenerateSql()
  async sequenceValues(m: EntityManager): Promise<Record<string, number>> {
    const [row] = await runStatement<{ floors: Record<string, number> }>(m, 'SELECT sequence_values() AS floors', []);
    return row.floors;
  }

  /**
   * Puts this database's id sequences in `idSpace`, above `floors` (for a sequence placed the first
   * time; for every one with `raise`: a store's move) (the migration's
   * id_sequences_to_place and place_id_sequence): one statement to find those not there yet, then
   * one for each of them, each committed on its own. Answers the next id of each sequence placed.
   */
  @GenerateSql(
    { name: 'placed the first time', args: [SqlArg.manager, 1, { products_id_seq: 1000 }] },
    { name: 'raised above', args: [SqlArg.manager, 1, { products_id_seq: 1000 }, true] },
  )
  async placeSequences(m: EntityManager, idSpace: number, floors: Record<string, number>, raise = false): Promise<Record<string, number>> {
    const due = await runStatement<{ name: string }>(m, 'SELECT id_sequences_to_place($1, $2::jsonb, $3) AS name', [
      idSpace,
      JSON.stringify(floors),
      raise,
    ]);
    const placed: Record<string, number> = {};
    for (const { name } of due) {
      const [row] = await runStatement<{ first: string }>(m, 'SELECT place_id_sequence($1, $2, $3)::text AS first', [
        name,
        idSpace,
        floors[name] ?? 0,
      ]);
      placed[name] = Number(row.first);
    }
    return placed;
  }
}
