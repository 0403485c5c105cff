/**
 * A handler's answer that made its resource where the method usually answers 200 (a PUT that
 * creates by key, CONTRACT §17): written as 201 with `data`.
 */
export class Created<T> {
  constructor(readonly data: T) {}
}
