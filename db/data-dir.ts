import path from "node:path";

/**
 * What an installation keeps in its data folder (DATA_DIR): the embedded database, uploaded files
 * (unless they go to an S3 bucket) and the session secret generated when SESSION_SECRET is not set.
 */
export function dataDirLayout(dataDir: string): { pglite: string; blobs: string; sessionSecret: string } {
  return {
    pglite: path.join(dataDir, "pglite"),
    blobs: path.join(dataDir, "blobs"),
    sessionSecret: path.join(dataDir, "session-secret"),
  };
}
