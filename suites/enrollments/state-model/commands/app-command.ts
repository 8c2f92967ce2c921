/**
 * What every command of the model shares: it acts on one of the applications the model still
 * predicts, chosen by a drawn number (so a shrunk sequence keeps pointing at the same one).
 */
import type fc from 'fast-check';
import type { ModelApp, Model } from '../model.js';
import type { Real } from '../system.js';

export interface Picked {
  app: ModelApp;
  /** Index into model.apps and real.apps alike. */
  index: number;
}

/** The application `pick` names among those the model still predicts. */
function pickApp(m: Model, pick: number, accept: (app: ModelApp) => boolean = () => true): Picked | undefined {
  const candidates = m.apps.map((app, index) => ({ app, index })).filter(({ app }) => app.known && accept(app));
  return candidates.length === 0 ? undefined : candidates[pick % candidates.length];
}

/** A command on an existing application: runs only when there is one to act on. */
export abstract class AppCommand implements fc.AsyncCommand<Model, Real> {
  constructor(readonly pick: number) {}
  /** Which applications the command applies to. */
  protected accepts(_app: ModelApp): boolean {
    return true;
  }
  check(m: Readonly<Model>): boolean {
    return pickApp(m as Model, this.pick, (a) => this.accepts(a)) !== undefined;
  }
  async run(m: Model, real: Real): Promise<void> {
    const picked = pickApp(m, this.pick, (a) => this.accepts(a))!;
    await this.act(picked, real, `${this.verb()} application #${picked.index + 1}`);
  }
  protected abstract verb(): string;
  protected abstract act(picked: Picked, real: Real, what: string): Promise<void>;
  toString(): string {
    return `${this.verb()} (pick ${this.pick})`;
  }
}
