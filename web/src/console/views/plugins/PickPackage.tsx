/**
 * Step 1 of installing a plugin: pick one that ships with the server (`GET shipped`, with the version
 * already installed, if any) or upload a zip. The choice goes to the parent, which sends it to `upload`;
 * nothing of the package runs in this step.
 */
import { useEffect, useState } from 'react';
import { AppstoreOutlined, InboxOutlined } from '@ant-design/icons';
import { Avatar, Button, Empty, List, Spin, Tabs, Tag, Typography, Upload } from 'antd';
import { calls, shaped } from '../../../app/data';
import { useI18n } from '../../../i18n';
import { logoSrc, type ShippedPlugin } from './plugin-types';

export interface PickPackageProps {
  busy: boolean;
  onShipped: (keyName: string) => void;
  onFile: (file: File) => void;
}

export default function PickPackage({ busy, onShipped, onFile }: PickPackageProps) {
  const { t } = useI18n();
  const [shipped, setShipped] = useState<ShippedPlugin[] | null>(null);

  useEffect(() => {
    let live = true;
    shaped<ShippedPlugin[]>(calls.plugin.info.shipped()).then(
      (list) => live && setShipped(Array.isArray(list) ? list : []),
      () => live && setShipped([]),
    );
    return () => {
      live = false;
    };
  }, []);

  const shippedList =
    shipped === null ? (
      <div style={{ padding: 32, textAlign: 'center' }}>
        <Spin />
      </div>
    ) : shipped.length === 0 ? (
      <Empty description={t('viewsTasks.install.noShipped')} />
    ) : (
      <List
        dataSource={shipped}
        rowKey="keyName"
        renderItem={(p) => (
          <List.Item
            data-testid={`plugin-shipped-item-${p.keyName}`}
            actions={[
              <Button
                key="choose"
                type="primary"
                ghost
                size="small"
                disabled={busy}
                onClick={() => onShipped(p.keyName)}
                data-testid={`plugin-shipped-${p.keyName}`}
              >
                {t('viewsTasks.install.choose')}
              </Button>,
            ]}
          >
            <List.Item.Meta
              avatar={<Avatar shape="square" src={logoSrc(p.logo)} icon={<AppstoreOutlined />} />}
              title={
                <span>
                  {p.name} <Typography.Text type="secondary">{p.version}</Typography.Text> <Tag>{p.hook}</Tag>
                  {p.installed ? <Tag color="blue">{t('viewsTasks.install.installedVersion', { version: p.installed.version })}</Tag> : null}
                </span>
              }
              description={p.description}
            />
          </List.Item>
        )}
      />
    );

  return (
    <Spin spinning={busy}>
      <Tabs
        items={[
          { key: 'shipped', label: t('viewsTasks.install.shipped'), children: shippedList },
          {
            key: 'upload',
            label: t('viewsTasks.install.upload'),
            children: (
              <Upload.Dragger
                accept=".zip,application/zip"
                multiple={false}
                showUploadList={false}
                disabled={busy}
                beforeUpload={(file) => {
                  onFile(file);
                  return Upload.LIST_IGNORE;
                }}
                data-testid="plugin-upload"
              >
                <p className="ant-upload-drag-icon">
                  <InboxOutlined />
                </p>
                <p className="ant-upload-text">{t('viewsTasks.install.uploadHint')}</p>
                <p className="ant-upload-hint">{t('viewsTasks.install.uploadNote')}</p>
              </Upload.Dragger>
            ),
          },
        ]}
      />
    </Spin>
  );
}
