/**
 * Which tools an AI member has (its `config.tools`): the platform's calls and the enabled MCP tools
 * from `ai/tool/catalogue`, searchable by name and description, each marked when it writes (then it
 * is proposed and runs only when the asker confirms); a typed prefix ending in `*` (`goods_order_*`)
 * is kept as it is. A controlled input of a Form.Item (value / onChange); it loads the catalogue once.
 */
import { useEffect, useState } from 'react';
import { Select, Tag } from 'antd';
import { calls } from '../../app/data';
import { useI18n } from '../../i18n';
import '../../i18n/chat-tools-texts';
import './chat-tools.css';
import { toolOptions, type CatalogueTool, type ToolOption } from './tool-calls';

export interface ToolPickerProps {
  value?: string[];
  onChange?: (tools: string[]) => void;
  id?: string;
  testId?: string;
}

export default function ToolPicker({ value, onChange, id, testId = 'ai-tool-picker' }: ToolPickerProps) {
  const { t } = useI18n();
  const [catalogue, setCatalogue] = useState<CatalogueTool[] | null>(null);
  useEffect(() => {
    let live = true;
    calls.ai.tool.catalogue({}, { silent: true }).then(
      (c) => live && setCatalogue(c),
      () => live && setCatalogue([]),
    );
    return () => {
      live = false;
    };
  }, []);
  const current = value ?? [];
  return (
    <Select<string[], ToolOption>
      id={id}
      mode="tags"
      allowClear
      loading={catalogue === null}
      value={current}
      onChange={(v) => onChange?.(v.map((x) => x.trim()).filter(Boolean))}
      options={toolOptions(catalogue ?? [], current)}
      optionFilterProp="label"
      filterOption={(input, o) => !!o && (o.value.toLowerCase().includes(input.toLowerCase()) || o.description.toLowerCase().includes(input.toLowerCase()))}
      placeholder={t('wsChatTools.pickerPlaceholder')}
      optionRender={(o) => (
        <div data-testid={`${testId}-option`} data-tool={o.data.value}>
          <span className="chat-tool-name">{o.data.label}</span> {o.data.writes ? <Tag color="gold">{t('wsChatTools.writes')}</Tag> : null}
          {o.data.mcp ? <Tag>{t('wsChatTools.mcp')}</Tag> : null}
          {o.data.description ? <div className="chat-tool-option-note">{o.data.description}</div> : null}
        </div>
      )}
      data-testid={testId}
    />
  );
}
