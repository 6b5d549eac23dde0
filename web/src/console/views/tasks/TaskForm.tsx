/**
 * Adds or edits a scheduled task: name, handler, data (JSON), schedule kind with its cron (six fields
 * with seconds) or interval (seconds here, milliseconds in the API), limit, start and end, remark. The
 * schedule field shows the server's preview of the next five runs; a refused save puts the server's
 * 1002 messages on the fields they name (`every` on the seconds, `data.<property>` on the data).
 */
import { useRef } from 'react';
import dayjs from 'dayjs';
import { AutoComplete, Col, Form } from 'antd';
import {
  ModalForm,
  ProFormDateTimePicker,
  ProFormDependency,
  ProFormDigit,
  ProFormRadio,
  ProFormText,
  ProFormTextArea,
  type ProFormInstance,
} from '@ant-design/pro-components';
import { fieldProblems } from '../../../app/data';
import { useI18n } from '../../../i18n';
import { epsData } from '../../eps';
import type { EntityMeta } from '../data/entity';
import { FormSchedulePreview } from './SchedulePreview';
import { TASK_TYPE, dataProblem, formValuesOf, taskBody, taskFieldErrors, type TaskFormValues, type TaskRowLike } from './task-form';
import { useServiceNames } from './use-service-names';

const FIELDS = new Set(['name', 'service', 'data', 'taskType', 'cron', 'everySeconds', 'limit', 'startDate', 'endDate', 'remark']);

export interface TaskFormProps {
  meta: EntityMeta;
  /** null: closed; 'new': a new task; else the task to edit. */
  target: null | 'new' | TaskRowLike;
  onClose: () => void;
  onSaved: () => void;
}

export default function TaskForm({ meta, target, onClose, onSaved }: TaskFormProps) {
  const { t } = useI18n();
  const formRef = useRef<ProFormInstance>(undefined);
  const services = useServiceNames(meta, target !== null);
  const editing = target !== null && target !== 'new' ? target : null;
  const half = { xs: 24, sm: 12 };

  return (
    <ModalForm<TaskFormValues>
      key={editing ? `edit-${editing.id}` : 'new'}
      formRef={formRef}
      title={editing ? t('viewsTasks.form.editTitle') : t('viewsTasks.form.addTitle')}
      open={target !== null}
      width={720}
      grid
      rowProps={{ gutter: 16 }}
      dateFormatter={false}
      modalProps={{ destroyOnHidden: true, onCancel: onClose, maskClosable: false }}
      initialValues={formValuesOf(editing, (iso) => dayjs(iso))}
      submitter={{ submitButtonProps: { 'data-testid': 'task-form-submit' } }}
      onFinish={async (values) => {
        const body = taskBody(values);
        const successMessage = t('common.saveSuccess');
        try {
          if (editing) await epsData(meta.entry).update({ ...body, id: editing.id }, { successMessage });
          else await epsData(meta.entry).add(body, { successMessage });
        } catch (e) {
          formRef.current?.setFields(taskFieldErrors(fieldProblems(e), (f) => FIELDS.has(f)));
          return false;
        }
        onSaved();
        return true;
      }}
    >
      <ProFormText
        name="name"
        label={meta.label('name')}
        colProps={half}
        rules={[{ required: true, whitespace: true, message: t('viewsTasks.form.nameRequired') }]}
        fieldProps={{ maxLength: 255, 'data-testid': 'task-form-name' } as object}
      />
      <Col {...half}>
        <Form.Item
          name="service"
          label={meta.label('service')}
          tooltip={t('viewsTasks.form.serviceHint')}
          rules={[{ required: true, whitespace: true, message: t('viewsTasks.form.serviceRequired') }]}
        >
          <AutoComplete
            data-testid="task-form-service"
            maxLength={255}
            options={services.map((s) => ({ value: s, label: s }))}
            filterOption={(input, option) =>
              String(option?.value ?? '')
                .toLowerCase()
                .includes(input.toLowerCase())
            }
          />
        </Form.Item>
      </Col>
      <ProFormRadio.Group
        name="taskType"
        label={meta.label('taskType')}
        radioType="button"
        colProps={{ span: 24 }}
        options={meta.options('taskType').map((o) => ({ value: o.value, label: o.label }))}
        fieldProps={{ 'data-testid': 'task-form-kind' } as object}
      />
      <ProFormDependency name={['taskType']}>
        {({ taskType }: { taskType?: number }) =>
          taskType === TASK_TYPE.interval ? (
            <ProFormDigit
              name="everySeconds"
              label={t('viewsTasks.form.everySeconds')}
              colProps={{ span: 24 }}
              min={1}
              rules={[{ required: true, message: t('viewsTasks.form.everyRequired') }]}
              fieldProps={{ step: 1, style: { width: '100%' }, 'data-testid': 'task-form-every' } as object}
              extra={<FormSchedulePreview />}
            />
          ) : (
            <ProFormText
              name="cron"
              label={meta.label('cron')}
              tooltip={t('viewsTasks.form.cronHint')}
              colProps={{ span: 24 }}
              placeholder={t('viewsTasks.form.cronPlaceholder')}
              rules={[{ required: true, whitespace: true, message: t('viewsTasks.form.cronRequired') }]}
              fieldProps={{ maxLength: 255, style: { fontFamily: 'monospace' }, 'data-testid': 'task-form-cron' } as object}
              extra={<FormSchedulePreview />}
            />
          )
        }
      </ProFormDependency>
      <ProFormDigit
        name="limit"
        label={meta.label('limit')}
        colProps={half}
        min={1}
        placeholder={t('viewsTasks.form.limitPlaceholder')}
        fieldProps={{ precision: 0, style: { width: '100%' } }}
      />
      <ProFormDateTimePicker name="startDate" label={meta.label('startDate')} colProps={half} fieldProps={{ style: { width: '100%' } }} />
      <ProFormDateTimePicker name="endDate" label={meta.label('endDate')} colProps={half} fieldProps={{ style: { width: '100%' } }} />
      <ProFormTextArea
        name="data"
        label={meta.label('data')}
        tooltip={t('viewsTasks.form.dataHint')}
        colProps={{ span: 24 }}
        fieldProps={{ rows: 4, style: { fontFamily: 'monospace' }, 'data-testid': 'task-form-data' } as object}
        rules={[
          {
            validator: (_: unknown, v: string | undefined) => {
              const problem = dataProblem(v);
              return problem ? Promise.reject(new Error(t(problem === 'json' ? 'viewsTasks.form.dataJson' : 'viewsTasks.form.dataObject'))) : Promise.resolve();
            },
          },
        ]}
      />
      <ProFormText name="remark" label={meta.label('remark')} colProps={{ span: 24 }} fieldProps={{ maxLength: 255 }} />
    </ModalForm>
  );
}
