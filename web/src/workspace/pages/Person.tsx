/**
 * `/person/:name`: someone's public page, open to everybody (signed out too). `name` is the
 * username, or a user id in digits (what the friends screen links to). Shows the cover, avatar,
 * nick name, counts, tags and share links; to signed-in visitors also the person's teams and
 * (when it is someone else) "Add friend" and "Chat". An unknown name shows a friendly not-found
 * state instead of the error page.
 */
import { Button, Result, Spin } from 'antd';
import { useNavigate, useParams } from 'react-router-dom';
import { useI18n } from '../../i18n';
import { useAuth } from '../../app/auth';
import WorkspaceLayout from '../WorkspaceLayout';
import { usePerson } from '../social/person/use-person';
import PersonHeader from '../social/person/PersonHeader';
import PersonInfo from '../social/person/PersonInfo';
import PersonTeams from '../social/person/PersonTeams';
import PersonActions from '../social/person/PersonActions';
import '../social/social.css';
import '../../i18n/workspace-texts';

function PersonBody({ name }: { name: string }) {
  const { t } = useI18n();
  const navigate = useNavigate();
  const signedIn = !!useAuth().user;
  const p = usePerson(name);

  if (p.state === 'loading') return <Spin className="ws-spin" />;
  if (p.state === 'notFound') {
    return (
      <Result
        status="404"
        title={t('wsSocial.person.notFound')}
        subTitle={t('wsSocial.person.notFoundHint', { name })}
        data-testid="person-not-found"
        extra={
          <Button type="primary" onClick={() => navigate(signedIn ? '/workbench' : '/')}>
            {t('wsSocial.back')}
          </Button>
        }
      />
    );
  }
  if (p.state === 'failed') {
    return (
      <Result
        status="warning"
        title={t('wsSocial.loadFailed')}
        subTitle={p.message}
        extra={
          <Button type="primary" onClick={p.reload}>
            {t('wsSocial.retry')}
          </Button>
        }
      />
    );
  }
  const profile = p.profile;
  return (
    <div className="soc-page soc-person" data-testid="person-page" data-person={profile.id}>
      <PersonHeader profile={profile} actions={signedIn ? <PersonActions personId={Number(profile.id)} /> : undefined} />
      <PersonInfo profile={profile} pageUrl={`${window.location.origin}${window.location.pathname}`} />
      {signedIn && <PersonTeams userId={Number(profile.id)} />}
    </div>
  );
}

export default function Person() {
  const { name = '' } = useParams();
  return (
    <WorkspaceLayout>
      <PersonBody key={name} name={name} />
    </WorkspaceLayout>
  );
}
