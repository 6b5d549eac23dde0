/**
 * Revenue sharing: the share of the team's earnings that goes to the reward pool, as a percentage
 * (slider and number, 0..100 %, saved as the 0..1 ratio through `group/updateGroupInfo`), and the
 * reward pool the server keeps, read-only. Only the owner edits; everyone else sees the numbers.
 */
import { useEffect, useState } from 'react';
import { Button, Card, Col, InputNumber, Row, Slider, Statistic, Typography } from 'antd';
import { PieChartOutlined } from '@ant-design/icons';
import { useI18n } from '../../i18n';
import { calls } from '../../app/data';
import { notify } from '../../app/notify';
import { percentToRatio, poolAmount, ratioToPercent, type MyTeam } from './team-model';

export default function TeamAllocation({ team, editable, onSaved }: { team: MyTeam; editable: boolean; onSaved: () => void }) {
  const { t } = useI18n();
  const saved = ratioToPercent(team.allocationRatio);
  const [percent, setPercent] = useState(saved);
  const [busy, setBusy] = useState(false);
  useEffect(() => setPercent(saved), [saved]);

  const save = async () => {
    setBusy(true);
    try {
      await calls.base.group.updateGroupInfo({ id: team.id, allocationRatio: percentToRatio(percent) });
      notify('success', t('common.saveSuccess'));
      onSaved();
    } catch {
      setPercent(saved);
    } finally {
      setBusy(false);
    }
  };

  return (
    <Card
      size="small"
      className="tm-block"
      title={
        <span>
          <PieChartOutlined /> {t('wsTeams.allocation.title')}
        </span>
      }
      data-testid="team-allocation"
    >
      <Row gutter={16}>
        <Col xs={12}>
          <Statistic title={t('wsTeams.allocation.label')} value={saved} precision={2} suffix="%" data-testid="team-allocation-ratio" />
        </Col>
        <Col xs={12}>
          <Statistic title={t('wsTeams.allocation.pool')} value={poolAmount(team.rewardPool)} precision={2} data-testid="team-reward-pool" />
        </Col>
      </Row>
      <Typography.Paragraph type="secondary" style={{ margin: '8px 0 0' }}>
        {t('wsTeams.allocation.help')}
      </Typography.Paragraph>
      {editable && (
        <div className="tm-allocation-edit" data-testid="team-allocation-edit">
          <Slider
            min={0}
            max={100}
            step={1}
            value={percent}
            onChange={(v) => setPercent(v)}
            tooltip={{ formatter: (v) => `${v ?? 0}%` }}
            className="tm-slider"
          />
          <div className="tm-allocation-row">
            <InputNumber
              min={0}
              max={100}
              precision={2}
              value={percent}
              onChange={(v) => setPercent(typeof v === 'number' ? v : 0)}
              suffix="%"
              style={{ width: 140 }}
              data-testid="team-allocation-input"
              aria-label={t('wsTeams.allocation.label')}
            />
            <Button type="primary" loading={busy} disabled={percent === saved} onClick={save} data-testid="team-allocation-save">
              {t('common.save')}
            </Button>
          </div>
        </div>
      )}
    </Card>
  );
}
