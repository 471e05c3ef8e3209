-- Issue 39: several nodes behind a balancer.

-- `/readyz` compares the migrations a node was built with to those the database has applied, as
-- the server's own role. sqlx creates `_sqlx_migrations` before 0001 sets the default
-- privileges, so that role could not read it. Reading is all it gets: only the owner migrates.
GRANT SELECT ON _sqlx_migrations TO tribune_app;
