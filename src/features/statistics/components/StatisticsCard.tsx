import type { ReactNode } from 'react';

export interface StatisticsCardProps {
  /** The card's heading (an h2), e.g. a FormattedMessage or an already formatted string. */
  title: ReactNode;
  /** Extra classes on the card, e.g. 'mb-5' when it is not inside a Bulma column. */
  className?: string;
  children: ReactNode;
}

/** One Bulma card of figures with an h2 title: the frame shared by the statistics page and the dashboard. */
export function StatisticsCard({ title, className, children }: StatisticsCardProps) {
  return (
    <div className={className ? `card ${className}` : 'card'}>
      <header className="card-header">
        <h2 className="card-header-title">{title}</h2>
      </header>
      <div className="card-content">{children}</div>
    </div>
  );
}
