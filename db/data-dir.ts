import path from "node:path";

/**
 * What an installation keeps in its data folder (DATA_DIR): the embedded database, uploaded files
 * (unless they go to an S3 bucket), the session secret generated when SESSION_SECRET is not set and
 * the Web Push key pair generated when VAPID_PUBLIC_KEY and VAPID_PRIVATE_KEY are not set.
 */
export function dataDirLayout(dataDir: string): {
  pglite: string;
  blobs: string;
  sessionSecret: string;
  vapidKeys: string;
} {
  return {
    pglite: path.join(dataDir, "pglite"),
    blobs: path.join(dataDir, "blobs"),
    sessionSecret: path.join(dataDir, "session-secret"),
    vapidKeys: path.join(dataDir, "vapid-keys.json"),
  };
}
