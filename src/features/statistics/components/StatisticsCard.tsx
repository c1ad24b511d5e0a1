import { useId, type ReactNode } from 'react';

export interface StatisticsCardProps {
  /** The card's heading (an h2), e.g. a FormattedMessage or an already formatted string. */
  title: ReactNode;
  /** Extra classes on the card, e.g. 'mb-5' when it is not inside a Bulma column. */
  className?: string;
  children: ReactNode;
}

/**
 * One Bulma card of figures with an h2 title: the frame shared by the statistics page and the
 * dashboard. A region named by its title, so a screen reader (and a test) can go to it by name.
 */
export function StatisticsCard({ title, className, children }: StatisticsCardProps) {
  const titleId = useId();
  return (
    <section className={className ? `card ${className}` : 'card'} aria-labelledby={titleId}>
      <header className="card-header">
        <h2 className="card-header-title" id={titleId}>
          {title}
        </h2>
      </header>
      <div className="card-content">{children}</div>
    </section>
  );
}
