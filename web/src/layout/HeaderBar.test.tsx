import { render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router-dom';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { UserInfo } from '../api/types';
import { useSiteStore } from '../stores/site';
import { useUserStore } from '../stores/user';
import { HeaderBar } from './HeaderBar';

// The chat launcher asks the chat service what it offers; these tests are about the site switcher.
vi.mock('../components/chat/ChatPanel', () => ({ ChatLauncher: () => null }));

const hangzhou = { id: 1, name: '杭州' };
const ningbo = { id: 2, name: '宁波' };

function headerWith(sites: Array<{ id: number; name: string }>) {
  const info: UserInfo = {
    userId: 7,
    username: 'city',
    positionName: '城市运营',
    realName: '陈思雨',
    userCode: 'BD0002',
    mobile: '138****0002',
    workingStatus: 'INCUMBENCY_FORMAL',
    permissions: [],
    sites,
  };
  useUserStore.setState({ info });
  useSiteStore.setState({ sites, siteId: sites[0]?.id ?? 0 });
  render(
    <MemoryRouter>
      <HeaderBar workspaces={[]} />
    </MemoryRouter>,
  );
  return screen.queryByTestId('site-switcher');
}

beforeEach(() => {
  useSiteStore.setState({ sites: [], siteId: 0 });
});

describe('HeaderBar site switcher', () => {
  it('is offered to someone who works in two cities', () => {
    expect(headerWith([hangzhou, ningbo])).not.toBeNull();
  });

  it('is hidden when there is only one city to be in', () => {
    expect(headerWith([hangzhou])).toBeNull();
    expect(screen.getByTestId('user-name').textContent).toBe('陈思雨');
  });
});
