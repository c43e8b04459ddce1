# Stand-in for postgres:15, built by scripts/docker-standins.sh where no image registry is reachable:
# Debian bookworm's PostgreSQL 15 and a small entrypoint of ours that honours POSTGRES_USER,
# POSTGRES_PASSWORD and POSTGRES_DB on a first start, as much as docker-compose.yml relies on.
ARG BASE
FROM ${BASE}
RUN mkdir -p /etc/postgresql-common \
 && echo "create_main_cluster = false" > /etc/postgresql-common/createcluster.conf \
 && apt-get update \
 && DEBIAN_FRONTEND=noninteractive apt-get install -y --no-install-recommends postgresql-15 \
 && rm -rf /var/lib/apt/lists/*
ENV PATH=/usr/lib/postgresql/15/bin:$PATH \
    PGDATA=/var/lib/postgresql/data
COPY postgres-entrypoint.sh /usr/local/bin/docker-entrypoint.sh
ENTRYPOINT ["docker-entrypoint.sh"]
STOPSIGNAL SIGINT
EXPOSE 5432
CMD ["postgres"]
