/** The state of one key's current window after counting a request. */
export interface RateLimitWindow {
  /** Requests counted in the window, this one included. */
  count: number;
  /** Milliseconds until the window ends and the count starts again from zero. */
  resetMs: number;
}

export interface RateLimitStore {
  hit(key: string, windowMs: number): Promise<RateLimitWindow>;
  close(): Promise<void>;
}
