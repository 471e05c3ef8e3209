-- Login throttling per (account, address) pair (issue 11 §7): wrong passwords from one address
-- lock only that address out of that account, for a period that doubles with each lock, so an
-- attacker cannot lock a real user out. The looser per-address limit across accounts counts
-- `login_attempts`, which now needs an index by address.

CREATE TABLE login_throttles (
  email           text        NOT NULL,   -- lower-cased as typed; the account may not exist
  ip              text        NOT NULL,
  failures        integer     NOT NULL DEFAULT 0,  -- since the last lock (or the last quiet window)
  lockouts        integer     NOT NULL DEFAULT 0,  -- locks so far: the next one lasts 2^lockouts periods
  last_failure_at timestamptz NOT NULL DEFAULT now(),
  locked_until    timestamptz,
  PRIMARY KEY (email, ip)
);

CREATE INDEX login_attempts_ip_at ON login_attempts (ip, at) WHERE NOT succeeded;
