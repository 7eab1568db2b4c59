// When the service's process ends on its own (a fatal error), the desktop shell starts it again,
// but not forever: a service that keeps crashing (a full disk, a damaged database) would otherwise
// restart in a loop and hide the problem. The same limits are written in the systemd unit
// (scripts/cargodesk.service: StartLimitBurst, StartLimitIntervalSec), so both supervisors behave alike.

export interface RestartLimits {
  /** restarts allowed within `windowMs`; the next crash inside the window gives up */
  maxRestarts: number;
  windowMs: number;
  /** wait before each restart, so a crash at start-up does not spin */
  delayMs: number;
}

export const RESTART_LIMITS: RestartLimits = { maxRestarts: 3, windowMs: 10 * 60 * 1000, delayMs: 2000 };

export type RestartDecision =
  /** `attempt`: this restart's number within the window (1..maxRestarts) */
  { action: 'restart'; attempt: number; delayMs: number } | { action: 'give-up'; crashes: number };

/** The crashes of one service child, and whether to start it again after the latest. */
export class RestartPolicy {
  private restarts: number[] = [];

  constructor(
    private readonly limits: RestartLimits = RESTART_LIMITS,
    private readonly now: () => number = Date.now,
  ) {}

  /** Call when the child ended without being asked to (a non-zero exit code or a signal). */
  crashed(): RestartDecision {
    const at = this.now();
    // restarts older than the window are forgotten: a quiet period resets the count
    this.restarts = this.restarts.filter((t) => at - t < this.limits.windowMs);
    if (this.restarts.length >= this.limits.maxRestarts) return { action: 'give-up', crashes: this.restarts.length + 1 };
    this.restarts.push(at);
    return { action: 'restart', attempt: this.restarts.length, delayMs: this.limits.delayMs };
  }
}

/** An exit the shell did not ask for: the service stops with code 0 only when told to stop. */
export const isCrash = (code: number | null): boolean => code !== 0;

/** What the supervisor needs of a child process: Electron's UtilityProcess and Node's ChildProcess both fit. */
export interface ChildLike {
  on(event: 'exit', listener: (code: number | null) => void): unknown;
}

export interface SupervisorEvents<C> {
  /** a child was started (the first or a restart): wire its messages */
  started(child: C): void;
  /** a child crashed and is started again after `delayMs` */
  restarting(code: number | null, decision: { attempt: number; delayMs: number }): void;
  /** a child crashed once more than the limits allow: it is not started again */
  gaveUp(code: number | null, crashes: number): void;
}

/**
 * Runs one child at a time and starts it again when it crashes, within the restart policy. A child
 * replaced on purpose (`replace`) or ended while the supervisor stops (`stop`) is not a crash.
 */
export class Supervisor<C extends ChildLike> {
  private current: C | null = null;
  private stopping = false;

  constructor(
    private readonly spawn: () => C,
    private readonly events: SupervisorEvents<C>,
    private readonly policy: RestartPolicy = new RestartPolicy(),
  ) {}

  get child(): C | null {
    return this.current;
  }

  start(): C {
    const child = this.spawn();
    this.current = child;
    child.on('exit', (code) => this.exited(child, code));
    this.events.started(child);
    return child;
  }

  /** Forgets the running child (the caller ends it) and starts a new one. */
  replace(): { old: C | null; child: C } {
    const old = this.current;
    this.current = null;
    return { old, child: this.start() };
  }

  /** From now on an exit is expected (quit, restore): nothing is restarted. */
  stop(): void {
    this.stopping = true;
  }

  private exited(child: C, code: number | null): void {
    if (child !== this.current) return;
    this.current = null;
    if (this.stopping || !isCrash(code)) return;
    const decision = this.policy.crashed();
    if (decision.action === 'give-up') {
      this.events.gaveUp(code, decision.crashes);
      return;
    }
    this.events.restarting(code, decision);
    setTimeout(() => {
      if (!this.stopping) this.start();
    }, decision.delayMs);
  }
}
