// Apart from httpServer.ts, whose error page is JSX that Node cannot load: the hostile soak reads these limits (scripts/soak/slowClients.ts).

/**
 * How long a client may take before its connection is cut (docs/security.md, slow clients). Node
 * enforces `headersTimeout` and `requestTimeout` only when it checks its connections, every
 * `connectionsCheckingInterval` (30 s by default): a slow-headers or slow-body client would be
 * held ~50 s. Checking every second makes each limit mean what it says.
 */
export interface ConnectionLimits {
  /** From the connection's start to the end of the request headers (a silent socket included). */
  readonly headersMs: number;
  /** The whole request, body included: a body trickled a byte at a time is cut here. */
  readonly requestMs: number;
  /** A kept-alive socket with no request in flight. */
  readonly idleMs: number;
  /** How often Node looks for connections past their limits. */
  readonly checkEveryMs: number;
  /** Open connections of this process; past it, a new connection is closed at once. */
  readonly maxConnections: number;
  /**
   * Open connections of one client address; past it, that address's oldest socket idle for
   * `perAddressGraceMs` is closed, else the new one's request is answered 503 (connectionsPerAddress.ts).
   */
  readonly maxConnectionsPerAddress: number;
  /** How long a socket must have had nothing to do before the per-address cap may close it (CONNECTION_LIMITS' when absent). */
  readonly perAddressGraceMs?: number;
}

/**
 * The site's limits: headers in 10 s, a whole request in 30 s (a cut upload leaves no file,
 * server/features/leads/forms/receiveMultipart.ts), 5 s of keep-alive idleness, checked every second; a socket
 * idle for 1 s may be closed for its address's cap (decision 029);
 * `maxConnections` and `maxConnectionsPerAddress` come from MAX_CONNECTIONS and
 * MAX_CONNECTIONS_PER_ADDRESS.
 */
export const CONNECTION_LIMITS = {
  headersMs: 10_000,
  requestMs: 30_000,
  idleMs: 5_000,
  checkEveryMs: 1_000,
  perAddressGraceMs: 1_000,
} as const satisfies Omit<ConnectionLimits, 'maxConnections' | 'maxConnectionsPerAddress'>;
