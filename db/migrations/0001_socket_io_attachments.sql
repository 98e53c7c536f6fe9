-- Used by @socket.io/postgres-adapter for payloads too large for NOTIFY (several server nodes).
CREATE TABLE IF NOT EXISTS "socket_io_attachments" (
  "id" bigserial UNIQUE,
  "created_at" timestamptz DEFAULT now(),
  "payload" bytea
);
