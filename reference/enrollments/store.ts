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

  /** The application, if it exists and the account may see it. */
  get(id: string, accountId: string): Application | undefined {
    const app = this.byId.get(id);
    return app && visible(app, accountId) ? app : undefined;
  }

  /** Every application the account may see, in creation order. */
  visibleTo(accountId: string): Application[] {
    return this.ordered.filter((a) => visible(a, accountId));
  }

  get size(): number {
    return this.ordered.length;
  }
}

function visible(app: Application, accountId: string): boolean {
  return app.owner === null || app.owner === accountId;
}
