/**
 * The file space: categories on the left (a select above the files on narrow screens), the files of
 * the chosen category on the right as a grid
 * (space/info page by classifyId and type), with upload, copy url and delete. With `selection` a
 * click selects files instead, at most `selection.limit` of them.
 */
import { ReloadOutlined } from '@ant-design/icons';
import { Button, Empty, Grid, Input, Pagination, Select, Spin, theme } from 'antd';
import { useCallback, useEffect, useState } from 'react';
import { data, type PageQuery } from '../../app/data';
import { useCan } from '../../app/auth';
import { notify } from '../../app/notify';
import { useI18n } from '../../i18n';
import { absoluteUrl, copyText } from './copy';
import FileCard from './FileCard';
import { FILE_KINDS, type FileKind } from './file-kind';
import SpaceTypes from './SpaceTypes';
import SpaceUpload from './SpaceUpload';
import type { SpaceFile } from './upload';
import '../../i18n/console-texts';
import { useAppApi } from '../../app/app-api';

export interface SpaceSelection {
  limit: number;
  value: SpaceFile[];
  onChange: (files: SpaceFile[]) => void;
}

export interface SpaceBrowserProps {
  selection?: SpaceSelection;
  /** Only files of this kind (and no kind filter shown), e.g. 'image' for an avatar. */
  kind?: FileKind;
  /** Height of the scrolling file grid. */
  gridHeight?: number | string;
}

const spaceFiles = data('space/info');
const PAGE_SIZE = 24;

export default function SpaceBrowser({ selection, kind: fixedKind, gridHeight = 'calc(100vh - 300px)' }: SpaceBrowserProps) {
  const { t } = useI18n();
  const can = useCan();
  const { modal } = useAppApi();
  const { token } = theme.useToken();
  const narrow = !Grid.useBreakpoint().md;
  const [classifyId, setClassifyId] = useState<number | null>(null);
  const [kind, setKind] = useState<FileKind | undefined>(fixedKind);
  const [keyword, setKeyword] = useState('');
  const [page, setPage] = useState(1);
  const [files, setFiles] = useState<SpaceFile[] | null>(null);
  const [total, setTotal] = useState(0);
  const [tick, setTick] = useState(0);
  const reload = useCallback(() => setTick((n) => n + 1), []);

  useEffect(() => {
    let live = true;
    setFiles(null);
    const body: PageQuery<'space/info'> = { page, size: PAGE_SIZE, order: 'id', sort: 'desc' };
    if (classifyId !== null) body.classifyId = classifyId;
    if (kind) body.type = kind;
    if (keyword) body.keyWord = keyword;
    spaceFiles.page(body).then(
      (r) => {
        if (!live) return;
        setFiles(r.list);
        setTotal(r.pagination.total);
      },
      () => live && setFiles([]),
    );
    return () => {
      live = false;
    };
  }, [classifyId, kind, keyword, page, tick]);

  const selectedIds = new Set(selection?.value.map((f) => f.id));
  const toggle = (file: SpaceFile) => {
    if (!selection) return;
    if (selectedIds.has(file.id)) {
      selection.onChange(selection.value.filter((f) => f.id !== file.id));
    } else if (selection.limit === 1) {
      selection.onChange([file]);
    } else if (selection.value.length >= selection.limit) {
      notify('warning', t('viewsData.space.tooManySelected', { n: selection.limit }));
    } else {
      selection.onChange([...selection.value, file]);
    }
  };

  const copy = (file: SpaceFile) =>
    copyText(absoluteUrl(file.url ?? '')).then(
      () => notify('success', t('common.copySuccess')),
      () => notify('error', t('viewsData.space.copyFailed')),
    );

  const remove = (file: SpaceFile) =>
    modal.confirm({
      title: t('common.tip'),
      content: t('common.confirmDeleteSelected'),
      onOk: () =>
        spaceFiles.delete([file.id], { successMessage: t('common.deleteSuccess') }).then(() => {
          selection?.onChange(selection.value.filter((f) => f.id !== file.id));
          reload();
        }),
    });

  const uploaded = () => {
    setPage(1);
    reload();
  };

  return (
    <div data-testid="space-browser" style={{ display: 'flex', flexDirection: narrow ? 'column' : 'row', gap: narrow ? 12 : 16, minHeight: 360 }}>
      <div style={narrow ? undefined : { width: 200, flexShrink: 0, borderRight: `1px solid ${token.colorBorderSecondary}`, paddingRight: 12 }}>
        <SpaceTypes
          compact={narrow}
          value={classifyId}
          onChange={(id) => {
            setClassifyId(id);
            setPage(1);
          }}
        />
      </div>
      <div style={{ flex: 1, minWidth: 0 }}>
        <div style={{ display: 'flex', flexWrap: 'wrap', gap: 8, alignItems: 'flex-start', marginBottom: 12 }}>
          <div style={{ flex: '1 1 240px', minWidth: 0 }}>
            <SpaceUpload classifyId={classifyId} accept={fixedKind === 'image' ? 'image/*' : undefined} onUploaded={uploaded} />
          </div>
          <div style={{ display: 'flex', gap: 8, flex: '1 1 280px', minWidth: 0 }}>
            {fixedKind ? null : (
              <Select<FileKind>
                allowClear
                style={{ flex: '0 1 150px', minWidth: 100 }}
                placeholder={t('viewsData.space.kindAll')}
                value={kind}
                onChange={(v) => {
                  setKind(v);
                  setPage(1);
                }}
                options={FILE_KINDS.map((k) => ({ value: k, label: t(`viewsData.space.kinds.${k}`) }))}
              />
            )}
            <Input.Search
              allowClear
              style={{ flex: '1 1 200px', minWidth: 0 }}
              placeholder={t('viewsData.space.searchName')}
              onSearch={(v) => {
                setKeyword(v.trim());
                setPage(1);
              }}
            />
            <Button icon={<ReloadOutlined />} onClick={reload} aria-label={t('common.refresh')} />
          </div>
        </div>
        <div style={{ height: gridHeight, minHeight: 240, overflowY: 'auto' }}>
          {files === null ? (
            <div style={{ padding: 48, textAlign: 'center' }}>
              <Spin />
            </div>
          ) : files.length === 0 ? (
            <Empty style={{ marginTop: 48 }} description={t('viewsData.space.empty')} />
          ) : (
            <div style={{ display: 'flex', flexWrap: 'wrap', gap: 12 }}>
              {files.map((f) => (
                <FileCard
                  key={f.id}
                  file={f}
                  selected={selectedIds.has(f.id)}
                  onClick={selection ? () => toggle(f) : undefined}
                  onCopy={() => void copy(f)}
                  onDelete={can('space:info:delete') ? () => remove(f) : undefined}
                />
              ))}
            </div>
          )}
        </div>
        {total > PAGE_SIZE ? (
          <Pagination
            style={{ marginTop: 12, textAlign: 'right' }}
            size="small"
            current={page}
            pageSize={PAGE_SIZE}
            total={total}
            showSizeChanger={false}
            onChange={setPage}
          />
        ) : null}
      </div>
    </div>
  );
}
