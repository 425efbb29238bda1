import type { Clock } from '@routeros-mcp/application-ports';

export class SystemClock implements Clock {
  now(): Date {
    return new Date();
  }
}
