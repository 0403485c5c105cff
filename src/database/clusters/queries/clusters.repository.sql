-- Written by `npm run sql:snapshot` from src/database/clusters/clusters.repository.ts; do not edit.
-- Table inserts and updates are left out: their column lists follow the fields a request carries.

-- ClustersRepository.claim
INSERT INTO
  clusters (name, id_space)
SELECT
  $1,
  $2
WHERE
  NOT EXISTS (
    SELECT
      1
    FROM
      clusters
  )
ON CONFLICT DO NOTHING;

SELECT
  name,
  id_space
FROM
  clusters
ORDER BY
  id_space;

-- ClustersRepository.enroll
LOCK TABLE clusters IN SHARE ROW EXCLUSIVE MODE;

INSERT INTO
  clusters (name, id_space)
SELECT
  $1,
  min(s)
FROM
  generate_series(1, 15) s
WHERE
  s NOT IN (
    SELECT
      id_space
    FROM
      clusters
  )
HAVING
  min(s) IS NOT NULL
ON CONFLICT (name) DO NOTHING;

SELECT
  id_space
FROM
  clusters
WHERE
  name = $1;

-- ClustersRepository.sequenceValues
SELECT
  sequence_values () AS floors;

-- ClustersRepository.placeSequences (placed the first time)
SELECT
  id_sequences_to_place ($1, $2::jsonb, $3) AS name;

SELECT
  place_id_sequence ($1, $2, $3)::text AS first;

SELECT
  place_id_sequence ($1, $2, $3)::text AS first;

SELECT
  place_id_sequence ($1, $2, $3)::text AS first;

SELECT
  place_id_sequence ($1, $2, $3)::text AS first;

SELECT
  place_id_sequence ($1, $2, $3)::text AS first;

SELECT
  place_id_sequence ($1, $2, $3)::text AS first;

SELECT
  place_id_sequence ($1, $2, $3)::text AS first;

SELECT
  place_id_sequence ($1, $2, $3)::text AS first;

SELECT
  place_id_sequence ($1, $2, $3)::text AS first;

SELECT
  place_id_sequence ($1, $2, $3)::text AS first;

SELECT
  place_id_sequence ($1, $2, $3)::text AS first;

SELECT
  place_id_sequence ($1, $2, $3)::text AS first;

SELECT
  place_id_sequence ($1, $2, $3)::text AS first;

SELECT
  place_id_sequence ($1, $2, $3)::text AS first;

SELECT
  place_id_sequence ($1, $2, $3)::text AS first;

SELECT
  place_id_sequence ($1, $2, $3)::text AS first;

SELECT
  place_id_sequence ($1, $2, $3)::text AS first;

SELECT
  place_id_sequence ($1, $2, $3)::text AS first;

SELECT
  place_id_sequence ($1, $2, $3)::text AS first;

SELECT
  place_id_sequence ($1, $2, $3)::text AS first;

SELECT
  place_id_sequence ($1, $2, $3)::text AS first;

SELECT
  place_id_sequence ($1, $2, $3)::text AS first;

SELECT
  place_id_sequence ($1, $2, $3)::text AS first;

SELECT
  place_id_sequence ($1, $2, $3)::text AS first;

SELECT
  place_id_sequence ($1, $2, $3)::text AS first;

SELECT
  place_id_sequence ($1, $2, $3)::text AS first;

SELECT
  place_id_sequence ($1, $2, $3)::text AS first;

SELECT
  place_id_sequence ($1, $2, $3)::text AS first;

SELECT
  place_id_sequence ($1, $2, $3)::text AS first;

SELECT
  place_id_sequence ($1, $2, $3)::text AS first;

SELECT
  place_id_sequence ($1, $2, $3)::text AS first;

SELECT
  place_id_sequence ($1, $2, $3)::text AS first;

SELECT
  place_id_sequence ($1, $2, $3)::text AS first;

SELECT
  place_id_sequence ($1, $2, $3)::text AS first;

SELECT
  place_id_sequence ($1, $2, $3)::text AS first;

SELECT
  place_id_sequence ($1, $2, $3)::text AS first;

SELECT
  place_id_sequence ($1, $2, $3)::text AS first;

SELECT
  place_id_sequence ($1, $2, $3)::text AS first;

SELECT
  place_id_sequence ($1, $2, $3)::text AS first;

SELECT
  place_id_sequence ($1, $2, $3)::text AS first;

-- ClustersRepository.placeSequences (raised above)
SELECT
  id_sequences_to_place ($1, $2::jsonb, $3) AS name;

SELECT
  place_id_sequence ($1, $2, $3)::text AS first;

SELECT
  place_id_sequence ($1, $2, $3)::text AS first;

SELECT
  place_id_sequence ($1, $2, $3)::text AS first;

SELECT
  place_id_sequence ($1, $2, $3)::text AS first;

SELECT
  place_id_sequence ($1, $2, $3)::text AS first;

SELECT
  place_id_sequence ($1, $2, $3)::text AS first;

SELECT
  place_id_sequence ($1, $2, $3)::text AS first;

SELECT
  place_id_sequence ($1, $2, $3)::text AS first;

SELECT
  place_id_sequence ($1, $2, $3)::text AS first;

SELECT
  place_id_sequence ($1, $2, $3)::text AS first;

SELECT
  place_id_sequence ($1, $2, $3)::text AS first;

SELECT
  place_id_sequence ($1, $2, $3)::text AS first;

SELECT
  place_id_sequence ($1, $2, $3)::text AS first;

SELECT
  place_id_sequence ($1, $2, $3)::text AS first;

SELECT
  place_id_sequence ($1, $2, $3)::text AS first;

SELECT
  place_id_sequence ($1, $2, $3)::text AS first;

SELECT
  place_id_sequence ($1, $2, $3)::text AS first;

SELECT
  place_id_sequence ($1, $2, $3)::text AS first;

SELECT
  place_id_sequence ($1, $2, $3)::text AS first;

SELECT
  place_id_sequence ($1, $2, $3)::text AS first;

SELECT
  place_id_sequence ($1, $2, $3)::text AS first;

SELECT
  place_id_sequence ($1, $2, $3)::text AS first;

SELECT
  place_id_sequence ($1, $2, $3)::text AS first;

SELECT
  place_id_sequence ($1, $2, $3)::text AS first;

SELECT
  place_id_sequence ($1, $2, $3)::text AS first;

SELECT
  place_id_sequence ($1, $2, $3)::text AS first;

SELECT
  place_id_sequence ($1, $2, $3)::text AS first;

SELECT
  place_id_sequence ($1, $2, $3)::text AS first;

SELECT
  place_id_sequence ($1, $2, $3)::text AS first;

SELECT
  place_id_sequence ($1, $2, $3)::text AS first;

SELECT
  place_id_sequence ($1, $2, $3)::text AS first;

SELECT
  place_id_sequence ($1, $2, $3)::text AS first;

SELECT
  place_id_sequence ($1, $2, $3)::text AS first;

SELECT
  place_id_sequence ($1, $2, $3)::text AS first;

SELECT
  place_id_sequence ($1, $2, $3)::text AS first;

SELECT
  place_id_sequence ($1, $2, $3)::text AS first;

SELECT
  place_id_sequence ($1, $2, $3)::text AS first;

SELECT
  place_id_sequence ($1, $2, $3)::text AS first;

SELECT
  place_id_sequence ($1, $2, $3)::text AS first;

SELECT
  place_id_sequence ($1, $2, $3)::text AS first;
