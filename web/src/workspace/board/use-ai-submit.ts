/** The AI member dialogs' submit path (ai-submit.ts) as hooks: on an antd form, and on a catalogue pick. */
import { useMemo, useRef, useState } from 'react';
import type { FormInstance } from 'antd';
import { aiFormErrors } from './ai-form-errors';
import { submitOnce, type SubmitPorts } from './ai-submit';

/** `submit(arg)` runs the ports once at a time; `running` is the arg of the run under way, if any. */
function useSubmitOnce<A, V>(ports: Omit<SubmitPorts<A, V>, 'busy'>) {
  const [running, setRunning] = useState<{ arg: A } | null>(null);
  const latest = useRef(ports);
  latest.current = ports;
  const submit = useMemo(
    () =>
      submitOnce<A, V>({
        validate: (a) => latest.current.validate(a),
        send: (v) => latest.current.send(v),
        refused: (e) => latest.current.refused(e),
        busy: (on, arg) => setRunning(on ? { arg } : null),
      }),
    [],
  );
  return { running, submit };
}

/**
 * Validates `form` and runs `send` once at a time; `busy` while it runs. The fields a refusal names
 * (as the server names them) go on the form's fields through `formField`.
 */
export function useAiFormSubmit<V>(form: FormInstance<V>, formField: Record<string, string>, send: (values: V) => Promise<void>) {
  const { running, submit } = useSubmitOnce<void, V>({
    validate: () => form.validateFields(),
    send,
    refused: (e) => {
      const fields = aiFormErrors(e, formField);
      if (fields.length) form.setFields(fields as Parameters<FormInstance<V>['setFields']>[0]);
    },
  });
  return { busy: running !== null, submit: () => void submit() };
}

/** Adds a pick (an AI from the catalogue) once at a time; `adding` is the one under way. */
export function useAiPick<P>(add: (pick: P) => Promise<void>) {
  const { running, submit } = useSubmitOnce<P, P>({
    validate: async (p) => p,
    send: add,
    refused: () => undefined, // the http client has shown the message
  });
  return { adding: running?.arg ?? null, pick: (p: P) => void submit(p) };
}
