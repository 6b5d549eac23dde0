/**
 * The next five run times of the schedule being edited, from `task/info/preview` (the server's own
 * computation, so the form never disagrees with the scheduler), asked for 400 ms after the last
 * keystroke. A refused schedule shows the server's 1002 message instead. Placed as the schedule
 * field's `extra`, so it sits right under the field.
 */
import { useEffect, useState } from 'react';
import { Form, Space, Typography } from 'antd';
import { ClockCircleOutlined } from '@ant-design/icons';
import { calls, fieldProblems } from '../../../app/data';
import { useI18n } from '../../../i18n';
import { formatTime } from '../data/entity';
import { previewBody, type TaskFormValues } from './task-form';

const DEBOUNCE_MS = 400;

type State = { kind: 'idle' } | { kind: 'times'; times: string[] } | { kind: 'refused'; messages: string[] };

export default function SchedulePreview({ values }: { values: TaskFormValues }) {
  const { t } = useI18n();
  const [state, setState] = useState<State>({ kind: 'idle' });
  const body = previewBody(values);
  const key = body ? JSON.stringify(body) : '';

  useEffect(() => {
    if (!key) {
      setState({ kind: 'idle' });
      return;
    }
    let live = true;
    const timer = setTimeout(() => {
      (calls.task.info.preview(JSON.parse(key) as object, { silent: true }) as Promise<{ times: string[] }>).then(
        (r) => live && setState({ kind: 'times', times: r.times ?? [] }),
        (e: unknown) => {
          if (!live) return;
          const problems = fieldProblems(e);
          const messages = problems.length ? problems.map((p) => p.message || p.field) : [(e as Error).message];
          setState({ kind: 'refused', messages });
        },
      );
    }, DEBOUNCE_MS);
    return () => {
      live = false;
      clearTimeout(timer);
    };
  }, [key]);

  if (state.kind === 'refused') {
    return (
      <div data-testid="task-preview" data-state="refused">
        {state.messages.map((m, i) => (
          <Typography.Text key={i} type="danger" style={{ display: 'block' }}>
            {m}
          </Typography.Text>
        ))}
      </div>
    );
  }
  return (
    <div data-testid="task-preview" data-state={state.kind}>
      <Typography.Text type="secondary" style={{ fontSize: 12 }}>
        <ClockCircleOutlined /> {state.kind === 'times' ? t('viewsTasks.form.preview') : t('viewsTasks.form.previewWait')}
      </Typography.Text>
      {state.kind === 'times' ? (
        state.times.length ? (
          <Space size={[12, 0]} wrap style={{ display: 'flex' }}>
            {state.times.map((time) => (
              <Typography.Text key={time} code style={{ fontSize: 12 }}>
                {formatTime(time)}
              </Typography.Text>
            ))}
          </Space>
        ) : (
          <Typography.Text type="secondary" style={{ display: 'block', fontSize: 12 }}>
            {t('viewsTasks.form.previewNone')}
          </Typography.Text>
        )
      ) : null}
    </div>
  );
}

/** The preview of the enclosing form's schedule fields. */
export function FormSchedulePreview() {
  const form = Form.useFormInstance();
  const values: TaskFormValues = {
    taskType: Form.useWatch('taskType', form),
    cron: Form.useWatch('cron', form),
    everySeconds: Form.useWatch('everySeconds', form),
    limit: Form.useWatch('limit', form),
    startDate: Form.useWatch('startDate', form),
    endDate: Form.useWatch('endDate', form),
  };
  return <SchedulePreview values={values} />;
}
