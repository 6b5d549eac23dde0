/**
 * A group's knowledge (issue 41), for its settings: the files its AI members answer from, each with
 * its state (a progress bar while it is indexed, updated live by the `knowledge` notice), its size in
 * pieces, and why it failed; the owner and deputies add files from their file space (SpacePicker:
 * their own files are shared with the group as they are added) and remove documents. Files sent in
 * the group's chat appear here on their own.
 *
 * Usage (in the group's settings): `<GroupKnowledge groupId={group.id} />`.
 */
import { useCallback, useEffect, useState } from 'react';
import { Alert, Button, List, Popconfirm, Progress, Tag, Typography } from 'antd';
import { DeleteOutlined, PlusOutlined, ReloadOutlined } from '@ant-design/icons';
import { useI18n } from '../../i18n';
import '../../i18n/knowledge-texts';
import { calls } from '../../app/data';
import type { NoticeData } from '../../app/socket';
import { KindIcon, kindOf, SpacePicker, type SpaceFile } from '../../components/space';
import { useNotice } from '../realtime';
import './group-knowledge.css';
import { useAppApi } from '../../app/app-api';

export type KnowledgeDocState = 'queued' | 'indexing' | 'ready' | 'failed' | 'unsupported';

export interface KnowledgeDoc {
  id: number;
  fileId: number;
  name: string;
  state: KnowledgeDocState;
  progress: number;
  chunkCount: number;
  error: string | null;
}

const STATE_COLORS: Record<KnowledgeDocState, string | undefined> = {
  queued: undefined,
  indexing: 'processing',
  ready: 'success',
  failed: 'error',
  unsupported: 'warning',
};

const ERRORS = new Set(['too_large', 'too_many_chunks', 'unreadable', 'empty', 'missing']);

export default function GroupKnowledge({ groupId }: { groupId: number }) {
  const { t } = useI18n();
  const { message } = useAppApi();
  const [docs, setDocs] = useState<KnowledgeDoc[] | null>(null);
  const [canManage, setCanManage] = useState(false);
  const [failed, setFailed] = useState(false);
  const [picking, setPicking] = useState(false);
  const [busy, setBusy] = useState(false);

  const load = useCallback(async () => {
    try {
      const answer = await calls.ai.knowledge.list({ groupId }, { silent: true });
      setDocs(answer.list);
      setCanManage(answer.canManage);
      setFailed(false);
    } catch {
      setFailed(true);
    }
  }, [groupId]);

  useEffect(() => {
    void load();
  }, [load]);

  const onNotice = useCallback(
    (n: NoticeData['knowledge']) => {
      if (n.groupId !== groupId) return;
      setDocs((list) => {
        if (!list) return list;
        if (n.state === 'removed') return list.filter((d) => d.id !== n.docId);
        if (!list.some((d) => d.id === n.docId)) {
          void load();
          return list;
        }
        return list.map((d) => (d.id === n.docId ? { ...d, state: n.state as KnowledgeDocState, progress: n.progress } : d));
      });
      // The final state brings the counts and the error: read the list once it has ended.
      if (n.state !== 'indexing' && n.state !== 'queued' && n.state !== 'removed') void load();
    },
    [groupId, load],
  );
  useNotice('knowledge', onNotice);

  const reason = (err: unknown) => (err instanceof Error ? err.message : String(err));

  const add = async (files: SpaceFile[]) => {
    setPicking(false);
    setBusy(true);
    try {
      for (const f of files) await calls.ai.knowledge.add({ groupId, fileId: Number(f.id) });
      void message.success(t('wsKnowledge.added'));
    } catch (err) {
      void message.error(t('wsKnowledge.failedAction', { reason: reason(err) }));
    } finally {
      setBusy(false);
      void load();
    }
  };

  const remove = async (doc: KnowledgeDoc) => {
    try {
      await calls.ai.knowledge.remove({ groupId, docId: doc.id });
      setDocs((list) => list?.filter((d) => d.id !== doc.id) ?? list);
      void message.success(t('wsKnowledge.removed'));
    } catch (err) {
      void message.error(t('wsKnowledge.failedAction', { reason: reason(err) }));
    }
  };

  if (failed && !docs) {
    return (
      <Alert
        type="warning"
        showIcon
        message={t('wsKnowledge.loadFailed')}
        action={
          <Button size="small" icon={<ReloadOutlined />} onClick={() => void load()}>
            {t('wsKnowledge.retry')}
          </Button>
        }
      />
    );
  }

  return (
    <div className="group-knowledge" data-testid="group-knowledge">
      <Typography.Paragraph type="secondary" className="group-knowledge-hint">
        {t('wsKnowledge.hint')}
      </Typography.Paragraph>
      {canManage && (
        <Button icon={<PlusOutlined />} loading={busy} onClick={() => setPicking(true)} data-testid="knowledge-add">
          {t('wsKnowledge.add')}
        </Button>
      )}
      <List
        loading={docs === null}
        dataSource={docs ?? []}
        locale={{ emptyText: t('wsKnowledge.empty') }}
        renderItem={(doc) => (
          <List.Item
            key={doc.id}
            data-testid="knowledge-doc"
            data-state={doc.state}
            actions={
              canManage
                ? [
                    <Popconfirm key="remove" title={t('wsKnowledge.removeConfirm', { name: doc.name })} onConfirm={() => remove(doc)}>
                      <Button type="text" danger size="small" icon={<DeleteOutlined />} aria-label={t('wsKnowledge.remove')} data-testid="knowledge-remove" />
                    </Popconfirm>,
                  ]
                : []
            }
          >
            <List.Item.Meta
              avatar={<KindIcon kind={kindOf(doc.name)} size={32} />}
              title={
                <span className="group-knowledge-name" title={doc.name}>
                  {doc.name}
                </span>
              }
              description={
                <div className="group-knowledge-state">
                  <Tag color={STATE_COLORS[doc.state]}>{t(`wsKnowledge.state.${doc.state}`, { progress: doc.progress })}</Tag>
                  {doc.state === 'ready' && <span>{t('wsKnowledge.chunks', { n: doc.chunkCount })}</span>}
                  {(doc.state === 'indexing' || doc.state === 'queued') && (
                    <Progress percent={doc.progress} size="small" showInfo={false} status="active" data-testid="knowledge-progress" />
                  )}
                  {doc.error && ERRORS.has(doc.error) && (
                    <Typography.Text type={doc.state === 'ready' ? 'secondary' : 'danger'}>{t(`wsKnowledge.error.${doc.error}`)}</Typography.Text>
                  )}
                </div>
              }
            />
          </List.Item>
        )}
      />
      <SpacePicker open={picking} limit={10} onOk={(_urls, files) => void add(files)} onCancel={() => setPicking(false)} />
    </div>
  );
}
