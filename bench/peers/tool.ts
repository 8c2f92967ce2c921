/** What bench/peers.ts needs of a peer tool: its configuration, whether it can run, one run. */

export interface PeerRun {
  /** Failure signatures (what failed, where): a fault is caught when one is new against the clean run. */
  signatures: string[];
  /** Failures that were only the target's rate limit (429): left out of the signatures. */
  rateLimited: number;
  /**
   * Scenarios whose outcome this run could not show (answered 429): a signature of the same
   * scenario in another run is not compared against this one.
   */
  inconclusive?: string[];
  exitCode: number | null;
  /** Set when the tool could not complete its run. */
  error?: string;
}

export interface PeerTool {
  name: string;
  /** The configuration as run, for the record (key values never appear here). */
  config: Record<string, unknown>;
  /** Installs into .peers/ when missing; resolves to a reason when the tool cannot run here. */
  prepare(): Promise<string | undefined>;
  version(): Promise<string>;
  /** One run against `baseUrl`, authenticating with `key`; `workDir` is its own scratch folder. */
  run(baseUrl: string, key: string, workDir: string): Promise<PeerRun>;
}
