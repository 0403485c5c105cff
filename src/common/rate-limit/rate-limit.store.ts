/** The state of one key's current window after counting a request. */
export interface RateLimitWindow {
  /** Requests counted in the window, this one included. */
  count: number;
  /** Milliseconds until the window ends and the count starts again from zero. */
  resetMs: number;
}

export interface RateLimitStore {
  hit(key: string, windowMs: number): Promise<RateLimitWindow>;
  /** The key's current window without counting a request; null when it has none. */
  peek(key: string): Promise<RateLimitWindow | null>;
  /** Takes one counted request back from the key's current window (nothing when it has none). */
  unhit(key: string): Promise<void>;
  close(): Promise<void>;
}
