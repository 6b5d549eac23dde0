/**
 * A row of the message list spoken by an app (its answer, its failure, its live answer): the app's
 * picture and name with an "AI app" tag on the left, as the chat shows other people's messages.
 */
import type { ReactNode } from 'react';
import { Tag } from 'antd';
import { useI18n } from '../../i18n';
import AppAvatar from './AppAvatar';
import type { PublicApp } from './app-cost';
import { appName } from './app-format';
import './apps.css';
import '../../i18n/apps-texts';

export interface AppRowProps {
  app: PublicApp | undefined;
  appId: unknown;
  time?: string;
  /** After the name (a live state). */
  state?: ReactNode;
  children: ReactNode;
  /** Data attributes of the row (test ids, seq for the list's scroll keeping). */
  attrs: Record<string, string | number | undefined>;
}

export default function AppRow({ app, appId, time, state, children, attrs }: AppRowProps) {
  const { t } = useI18n();
  const name = appName(t, app, appId);
  return (
    <div className="chat-msg head apps-msg" {...attrs}>
      <div className="chat-msg-avatar">
        <AppAvatar avatar={app?.avatar} name={name} size={32} />
      </div>
      <div className="chat-msg-body">
        <div className="chat-msg-meta">
          <span className="chat-msg-name">{name}</span>
          <Tag color="purple" bordered={false} className="chat-ai-tag">
            {t('wsApps.chat.appTag')}
          </Tag>
          {time && <span className="chat-msg-time">{time}</span>}
          {state}
        </div>
        {children}
      </div>
    </div>
  );
}
