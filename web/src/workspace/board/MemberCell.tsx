/**
 * One cell of a tile's member grid: the member's picture (or initials on a steady colour), a dot
 * that is green while a person is online, and an "AI" badge instead of the dot for AI members
 * (they are never "online"). An empty cell is a dashed seat.
 */
import { useI18n } from '../../i18n';
import type { GroupMember } from './board-api';
import { avatarColor, initials, memberName, memberPicture } from './board-grid';

export default function MemberCell({ member, online }: { member: GroupMember | null; online: boolean }) {
  const { t } = useI18n();
  if (!member) return <div className="board-cell board-cell-empty" aria-label={t('wsBoard.tile.emptyCell')} />;
  const name = memberName(member);
  const pic = memberPicture(member);
  const ai = member.userType === 1;
  const state = ai ? t('wsBoard.tile.ai') : online ? t('wsBoard.tile.online') : t('wsBoard.tile.offline');
  return (
    <div
      className="board-cell"
      title={`${name} · ${state}`}
      data-testid="board-cell"
      data-user-id={member.userId}
      data-online={online ? 1 : 0}
      data-ai={ai ? 1 : 0}
    >
      {pic ? (
        <img className="board-cell-face" src={pic} alt={name} loading="lazy" />
      ) : (
        <span className="board-cell-face board-cell-initials" style={{ background: avatarColor(member.userId) }} aria-label={name}>
          {initials(name)}
        </span>
      )}
      {ai ? <span className="board-cell-ai">{t('wsBoard.tile.ai')}</span> : <span className={`board-dot${online ? ' on' : ''}`} aria-label={state} />}
    </div>
  );
}
