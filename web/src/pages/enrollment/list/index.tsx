import { Button } from '@arco-design/web-react';
import { IconPlus } from '@arco-design/web-react/icon';
import { useNavigate } from 'react-router-dom';
import { enrollmentApi, type Enrollment } from '../../../api/org/enrollment';
import { enumOptions } from '../../../components/enums';
import { ListPage } from '../../../components/list/ListPage';
import { RowActions } from '../../../components/list/RowActions';
import { useListQuery } from '../../../components/list/useListQuery';
import { dateTime, orDash } from '../../org/shared/format';
import { OnboardingStatusTag } from '../shared/OnboardingStatusTag';

type Filters = { status?: string; realName?: string };

/** /enrollment: the onboardings the caller's scope reaches, and a way to start one. */
export default function EnrollmentList() {
  const navigate = useNavigate();
  const query = useListQuery(enrollmentApi.list, {} as Filters);
  return (
    <ListPage<Enrollment, Filters>
      testId="enrollment-list"
      query={query}
      title="入职办理记录"
      filters={[
        { field: 'realName', label: '姓名' },
        { field: 'status', label: '状态', kind: 'select', options: enumOptions('onboardingStatus') },
      ]}
      toolbar={
        <Button type="primary" icon={<IconPlus />} onClick={() => navigate('new')} data-testid="enrollment-start">
          发起入职
        </Button>
      }
      columns={[
        { title: '姓名', dataIndex: 'realName' },
        { title: '用户名', dataIndex: 'username' },
        { title: '手机号码', dataIndex: 'mobile' },
        { title: '门店', dataIndex: 'storeName', render: orDash },
        { title: '岗位', dataIndex: 'positionName', render: orDash },
        { title: '状态', dataIndex: 'status', render: (status: string) => <OnboardingStatusTag status={status} /> },
        { title: '发起人', dataIndex: 'startedByName' },
        { title: '发起时间', dataIndex: 'createdAt', render: dateTime },
        {
          title: '操作',
          dataIndex: '__actions',
          render: (_: unknown, enrollment: Enrollment) => (
            <RowActions
              rowName={enrollment.realName}
              items={[
                {
                  // A finished onboarding (已入职, 已取消) has nothing left to do: it is only read.
                  label: enrollment.availableActions.length > 0 ? '办理' : '查看',
                  testId: 'row-open',
                  onClick: () => navigate(String(enrollment.id)),
                },
              ]}
            />
          ),
        },
      ]}
    />
  );
}
