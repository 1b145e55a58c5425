import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { KnowledgePoint } from '../../../api/ai/knowledge';
import { VectorStageTag } from './VectorStageTag';

function point(vector: KnowledgePoint['vector']): KnowledgePoint {
  return { id: 1, vector } as KnowledgePoint;
}

describe('向量化 on the knowledge points', () => {
  it('shows the stage by its label', () => {
    render(<VectorStageTag point={point({ stage: 'done', stageName: '已向量化', error: null, retryAt: null })} />);
    expect(screen.getByText('已向量化')).toBeTruthy();
  });

  it('gives a failure its reason and the retry time', () => {
    // 2026-11-26 02:10 UTC is 10:10 in China.
    const retryAt = Date.UTC(2026, 10, 26, 2, 10);
    render(
      <VectorStageTag
        point={point({ stage: 'failed', stageName: '失败', error: '向量化失败：向量服务返回错误（500）：model overloaded', retryAt })}
      />,
    );
    expect(screen.getByText('失败')).toBeTruthy();
    expect(screen.getByText('向量化失败：向量服务返回错误（500）：model overloaded')).toBeTruthy();
    expect(screen.getByText('2026-11-26 10:10 自动重试，编辑后立即重试')).toBeTruthy();
  });

  it('shows nothing without an embeddings endpoint', () => {
    const { container } = render(<VectorStageTag point={point(null)} />);
    expect(container.textContent).toBe('');
  });
});
