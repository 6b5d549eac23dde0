/**
 * The one submit path of the AI member dialogs (a new AI, an edit, a pick from the catalogue): one run
 * at a time (a press while one runs does nothing), busy while it runs, a form that does not validate
 * shows its own messages and sends nothing, and a refusal goes to `refused` (the http client has
 * already shown its message; the dialogs put the fields it names on the form).
 */
export interface SubmitPorts<A, V> {
  /** What to send for `arg`, or a rejection when the form does not validate (its fields say why). */
  validate(arg: A): Promise<V>;
  send(values: V): Promise<void>;
  refused(error: unknown): void;
  /** Called with true and the run's `arg` as it starts, with false as it ends. */
  busy(on: boolean, arg: A): void;
}

export function submitOnce<A, V>(p: SubmitPorts<A, V>): (arg: A) => Promise<void> {
  let running = false;
  return async (arg) => {
    if (running) return;
    running = true;
    p.busy(true, arg);
    try {
      let values: V;
      try {
        values = await p.validate(arg);
      } catch {
        return;
      }
      await p.send(values);
    } catch (e) {
      p.refused(e);
    } finally {
      running = false;
      p.busy(false, arg);
    }
  };
}
