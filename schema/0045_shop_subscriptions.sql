-- Issue 17: a subscription bought in the web shop is with the club's contact of the buyer's
-- e-mail (found, or made); contacts are found by e-mail, so that lookup has its index.
CREATE INDEX contacts_client_email ON contacts (client_id, lower(email));
