/**
 * In-memory applications of one server instance, in creation order (the list order).
 * Seeded applications (scale benchmarks) belong to no account and every approved account sees them.
 */
import type { Application } from './application.js';

export class EnrollmentStore {
  private readonly byId = new Map<string, Application>();
  private readonly ordered: Application[] = [];

  add(app: Application): void {
    this.byId.set(app.id, app);
    this.ordered.push(app);
  }

  /** The application, if it exists and the account may see it (`null`: any account, a fault's lookup). */
  get(id: string, accountId: string | null): Application | undefined {
    const app = this.byId.get(id);
    return app && visible(app, accountId) ? app : undefined;
  }

  /** Whether an application of this id exists, whoever owns it. */
  has(id: string): boolean {
    return this.byId.has(id);
  }

  /** Every application the account may see (`null`: every account's, a fault's list), in creation order. */
  visibleTo(accountId: string | null): Application[] {
    return this.ordered.filter((a) => visible(a, accountId));
  }

  get size(): number {
    return this.ordered.length;
  }
}

function visible(app: Application, accountId: string | null): boolean {
  return accountId === null || app.owner === null || app.owner === accountId;
}
