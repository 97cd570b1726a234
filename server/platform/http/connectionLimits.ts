// Apart from httpServer.ts, whose error page is JSX that Node cannot load: the hostile soak reads these limits (scripts/soak/slowClients.ts).

/** How long a client may take (docs/security.md): Node checks its timeouts every `connectionsCheckingInterval`, 30 s by default. */
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
  /** Open connections of one address; past it its oldest socket idle `perAddressGraceMs` closes, else a 503 (decision 029). */
  readonly maxConnectionsPerAddress: number;
  /** How long a socket must have had nothing to do before the per-address cap may close it (CONNECTION_LIMITS' when absent). */
  readonly perAddressGraceMs?: number;
}

/** Headers in 10 s, a request in 30 s, 5 s of keep-alive, checked every second; a socket idle 1 s may go for the cap. */
export const CONNECTION_LIMITS = {
  headersMs: 10_000,
  requestMs: 30_000,
  idleMs: 5_000,
  checkEveryMs: 1_000,
  perAddressGraceMs: 1_000,
} as const satisfies Omit<ConnectionLimits, 'maxConnections' | 'maxConnectionsPerAddress'>;
