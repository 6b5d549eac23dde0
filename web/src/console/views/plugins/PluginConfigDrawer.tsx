/**
 * A plugin's settings, in a form @rjsf renders from its manifest's `config` JSON Schema (antd theme, ajv8
 * validation): secrets as password inputs that say whether a value is stored (left empty, it is kept),
 * enum sets as checkboxes labelled from the event catalogue, and the server's 1002 answer on the fields
 * it names. Saved with `update {id, config}`. Loaded lazily by the plugin screen, so @rjsf is downloaded
 * only when a plugin's settings are opened.
 */
import { useEffect, useMemo, useRef, useState } from 'react';
import { Button, Drawer, Empty, Grid, Space, Typography } from 'antd';
import Form from '@rjsf/antd';
import type CoreForm from '@rjsf/core';
import type { ErrorSchema, RJSFSchema, UiSchema } from '@rjsf/utils';
import validator from '@rjsf/validator-ajv8';
import { calls, fieldProblems, shaped } from '../../../app/data';
import { useI18n } from '../../../i18n';
import { epsData } from '../../eps';
import type { EntityMeta } from '../data/entity';
import { configPayload, errorTreeOf, formDataOf, formSchema, uiSchemaOf } from './plugin-config';
import { configSchemaOf, type PluginEventInfo, type PluginRow } from './plugin-types';

export interface PluginConfigDrawerProps {
  meta: EntityMeta;
  row: PluginRow;
  onClose: () => void;
  onSaved: () => void;
}

type Data = Record<string, unknown>;

/** The catalogue's summaries by event name in the current language (empty when the call is refused). */
function useEventLabels(active: boolean): Record<string, string> {
  const { lang } = useI18n();
  const [events, setEvents] = useState<PluginEventInfo[]>([]);
  useEffect(() => {
    if (!active) return;
    let live = true;
    shaped<PluginEventInfo[]>(calls.plugin.info.events({}, { silent: true })).then(
      (list) => live && setEvents(Array.isArray(list) ? list : []),
      () => undefined,
    );
    return () => {
      live = false;
    };
  }, [active]);
  return useMemo(() => Object.fromEntries(events.map((e) => [e.name, e.summary?.[lang] ?? e.summary?.en ?? ''])), [events, lang]);
}

export default function PluginConfigDrawer({ meta, row, onClose, onSaved }: PluginConfigDrawerProps) {
  const { t } = useI18n();
  const screens = Grid.useBreakpoint();
  const form = useRef<CoreForm>(null);
  const schema = configSchemaOf(row);
  const secretsSet = useMemo(() => row.secretsSet ?? [], [row.secretsSet]);
  const eventLabels = useEventLabels(row.hook === 'notify' && schema !== null);
  const [formData, setFormData] = useState<Data>(() => (schema ? formDataOf(row.config, schema) : {}));
  const [extraErrors, setExtraErrors] = useState<ErrorSchema | undefined>(undefined);
  const [saving, setSaving] = useState(false);

  const shownSchema = useMemo(() => (schema ? (formSchema(schema, secretsSet) as RJSFSchema) : null), [schema, secretsSet]);
  const uiSchema = useMemo(
    () =>
      schema
        ? (uiSchemaOf(
            schema,
            secretsSet,
            { secretSet: t('viewsTasks.config.secretSet'), secretEmpty: t('viewsTasks.config.secretEmpty') },
            eventLabels,
          ) as UiSchema)
        : {},
    [schema, secretsSet, eventLabels, t],
  );

  const save = (data: Data) => {
    if (!schema) return;
    setSaving(true);
    epsData(meta.entry)
      .update({ id: row.id, config: configPayload(data, schema) }, { successMessage: t('viewsTasks.config.saved') })
      .then(
        () => {
          setExtraErrors(undefined);
          onSaved();
        },
        (e: unknown) => {
          const problems = fieldProblems(e);
          if (problems.length) setExtraErrors(errorTreeOf(problems) as ErrorSchema);
        },
      )
      .finally(() => setSaving(false));
  };

  return (
    <Drawer
      open
      width={screens.md ? 640 : '100%'}
      title={t('viewsTasks.config.title', { name: row.name })}
      onClose={onClose}
      destroyOnHidden
      data-testid="plugin-config-drawer"
      styles={{ body: { padding: screens.md ? 24 : 12 } }}
      extra={
        shownSchema ? (
          <Button type="primary" loading={saving} onClick={() => form.current?.submit()} data-testid="plugin-config-save">
            {t('viewsTasks.config.save')}
          </Button>
        ) : null
      }
    >
      {shownSchema ? (
        <Space direction="vertical" style={{ width: '100%' }}>
          {row.description ? <Typography.Paragraph type="secondary">{row.description}</Typography.Paragraph> : null}
          <Form
            ref={form}
            schema={shownSchema}
            uiSchema={uiSchema}
            formData={formData}
            validator={validator}
            extraErrors={extraErrors}
            showErrorList={false}
            noHtml5Validate
            focusOnFirstError
            disabled={saving}
            onChange={(e) => {
              setFormData(e.formData ?? {});
              if (extraErrors) setExtraErrors(undefined);
            }}
            onSubmit={(e) => save(e.formData ?? {})}
          />
        </Space>
      ) : (
        <Empty description={t('viewsTasks.config.none')} />
      )}
    </Drawer>
  );
}
