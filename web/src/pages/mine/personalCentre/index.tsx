import { Avatar, Card, Descriptions, Typography } from '@arco-design/web-react';
import { useSiteStore } from '../../../stores/site';
import { useUserStore } from '../../../stores/user';
import './PersonalCentre.css';

/** 个人中心: the signed-in user's own details, as the server reports them. */
export default function PersonalCentre() {
  const info = useUserStore((state) => state.info);
  const sites = useSiteStore((state) => state.sites);
  if (!info) return null;
  return (
    <Card bordered={false} className="personal-centre" data-testid="personal-centre">
      <div className="personal-centre__head">
        <Avatar size={56} className="personal-centre__avatar">
          {info.realName.slice(0, 1)}
        </Avatar>
        <div>
          <Typography.Title heading={5} className="personal-centre__name">
            {info.realName}
          </Typography.Title>
          <Typography.Text type="secondary">{info.positionName}</Typography.Text>
        </div>
      </div>
      <Descriptions
        column={1}
        colon="："
        labelStyle={{ width: 120 }}
        data={[
          { label: '姓名', value: info.realName },
          { label: '工号', value: info.userCode || '—' },
          { label: '岗位', value: info.positionName || '—' },
          { label: '手机号码', value: info.mobile || '—' },
          { label: '城市站点', value: sites.map((site) => site.name).join('、') || '—' },
        ]}
      />
    </Card>
  );
}
