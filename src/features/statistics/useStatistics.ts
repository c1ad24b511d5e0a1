import { useEffect, useMemo, useState } from 'react';
import { useAppDispatch, useAppSelector } from '@/app/hooks';
import { orders } from '@/features/orders/ordersSlice';
import { students } from '@/features/people/students/studentsSlice';
import { tutors } from '@/features/people/tutors/tutorsSlice';
import type { AppError } from '@/shared/errors';
import {
  ordersByMonth,
  ordersExpiringSoon,
  pendingApprovals,
  summarize,
  type MonthFigures,
  type Summary,
} from './aggregate';
import type { Order } from '@/features/orders/types';

/** What the statistics page and the dashboard show. */
export interface Statistics {
  summary: Summary;
  months: MonthFigures[];
  pending: Order[];
  expiring: Order[];
  /** Epoch ms the figures were computed for. */
  now: number;
  loading: boolean;
  /** The first failed load among orders, students and tutors. */
  error: AppError | null;
}

/**
 * Loads orders, students and tutors through their slices (fetchAll; admin data, spec 6: call it
 * only for admins) and aggregates them (aggregate.ts). Figures refresh when a list changes.
 */
export function useStatistics(): Statistics {
  const dispatch = useAppDispatch();
  const orderState = useAppSelector((s) => s.orders);
  const studentState = useAppSelector((s) => s.students);
  const tutorState = useAppSelector((s) => s.tutors);
  const [now] = useState(() => Date.now());

  useEffect(() => {
    void dispatch(orders.fetchAll());
    void dispatch(students.fetchAll());
    void dispatch(tutors.fetchAll());
  }, [dispatch]);

  const figures = useMemo(() => {
    const orderList = orders.selectors.selectAll(orderState);
    const studentList = students.selectors.selectAll(studentState);
    const tutorList = tutors.selectors.selectAll(tutorState);
    return {
      summary: summarize({ students: studentList, tutors: tutorList, orders: orderList }, now),
      months: ordersByMonth(orderList, now),
      pending: pendingApprovals(orderList),
      expiring: ordersExpiringSoon(orderList, now),
    };
  }, [orderState, studentState, tutorState, now]);

  return {
    ...figures,
    now,
    loading: orderState.loading || studentState.loading || tutorState.loading,
    // Only a failed load hides the figures; a failed write elsewhere is a toast (entitySlice).
    error: orderState.loadError ?? studentState.loadError ?? tutorState.loadError,
  };
}
