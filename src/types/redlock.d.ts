/** The part of redlock 4's API the archiver uses (the package ships no types). */
declare module 'redlock' {
  import type { Cluster, Redis } from 'ioredis';

  namespace Redlock {
    interface Lock {
      readonly resource: string;
      readonly expiration: number;
      unlock(): Promise<void>;
      extend(ttl: number): Promise<Lock>;
    }
    interface Options {
      driftFactor?: number;
      retryCount?: number;
      retryDelay?: number;
      retryJitter?: number;
    }
  }
  class Redlock {
    constructor(clients: (Redis | Cluster)[], options?: Redlock.Options);
    lock(resource: string, ttl: number): Promise<Redlock.Lock>;
    on(event: 'clientError', listener: (err: Error) => void): this;
  }
  export = Redlock;
}
