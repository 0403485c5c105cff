#!/bin/sh
# Run once by the postgres image on a new data directory: lets the `multihost` profile's streaming
# replica connect (replication connections do not match a pg_hba.conf line for "all" databases).
set -e
echo "host replication ${POSTGRES_USER} all scram-sha-256" >> "$PGDATA/pg_hba.conf"
