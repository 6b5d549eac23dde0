/** The file type groups of 000 §9, told by extension (the server's table, generated), each with its icon. */
import {
  FileExcelOutlined,
  FileImageOutlined,
  FileOutlined,
  FilePdfOutlined,
  FilePptOutlined,
  FileWordOutlined,
  FileZipOutlined,
  PlaySquareOutlined,
  SoundOutlined,
} from '@ant-design/icons';
import type { ReactNode } from 'react';
import { FILE_TYPE_GROUPS as GROUPS, type FileTypeGroup } from '../../generated/shared';

/** The server's table (server/modules/files/file-types.ts), generated into web/src/generated/shared.ts. */
export type FileKind = FileTypeGroup;

export const FILE_KINDS: readonly FileKind[] = [...(Object.keys(GROUPS) as FileKind[]), 'other'];

/** The lower-case extension of a name or url ('' when none). */
export function extensionOf(nameOrUrl: string): string {
  const path = nameOrUrl.split(/[?#]/)[0];
  const m = /\.([A-Za-z0-9]{1,10})$/.exec(path);
  return m ? m[1].toLowerCase() : '';
}

export function kindOf(nameOrUrl: string): FileKind {
  const ext = extensionOf(nameOrUrl);
  for (const [kind, exts] of Object.entries(GROUPS)) if ((exts as readonly string[]).includes(ext)) return kind as FileKind;
  return 'other';
}

const ICONS: Record<FileKind, { icon: ReactNode; color: string }> = {
  image: { icon: <FileImageOutlined />, color: '#13a8a8' },
  video: { icon: <PlaySquareOutlined />, color: '#722ed1' },
  audio: { icon: <SoundOutlined />, color: '#eb2f96' },
  word: { icon: <FileWordOutlined />, color: '#2f54eb' },
  excel: { icon: <FileExcelOutlined />, color: '#389e0d' },
  ppt: { icon: <FilePptOutlined />, color: '#d4380d' },
  pdf: { icon: <FilePdfOutlined />, color: '#cf1322' },
  archive: { icon: <FileZipOutlined />, color: '#d48806' },
  other: { icon: <FileOutlined />, color: '#8c8c8c' },
};

/** The icon of a file kind, in its colour. */
export function KindIcon({ kind, size = 40 }: { kind: FileKind; size?: number }) {
  const { icon, color } = ICONS[kind];
  return <span style={{ fontSize: size, color, lineHeight: 1 }}>{icon}</span>;
}

/** A byte count as B / KB / MB / GB. */
export function formatSize(bytes: unknown): string {
  const n = Number(bytes);
  if (!Number.isFinite(n) || n < 0) return '';
  const units = ['B', 'KB', 'MB', 'GB'];
  let v = n;
  let i = 0;
  while (v >= 1024 && i < units.length - 1) {
    v /= 1024;
    i++;
  }
  return `${i === 0 ? v : v.toFixed(1)} ${units[i]}`;
}
