-- Issue 39 §2: every node runs the periodic scans (contract invoicing, recurring charges,
-- abandoned bookings, invitation reminders), and each scan runs on one node per period. A node
-- runs a scan only when it moves the scan's `next_run_at` on from a time that has passed
-- (`jobs::every_once`); the row lock makes that one node. The guards of each item (keys, locks,
-- unique indexes) stay the real protection: this only spares N nodes the same scan.
-- Installation-wide, like `jobs` and `projection_checkpoints`: no club, no row-level security.
CREATE TABLE schedules (
  name        text        PRIMARY KEY,
  next_run_at timestamptz NOT NULL DEFAULT now(),
  -- Which node ran it last, and when (for the operator).
  last_node   text,
  last_run_at timestamptz
);
REVOKE ALL ON schedules FROM tribune_app;
GRANT SELECT, INSERT, UPDATE ON schedules TO tribune_app;
