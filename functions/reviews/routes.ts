import { handler as overrideApproval } from '#functions/approvals/override-approval';
import { dispatchRoutes } from '#functions/commons/route-dispatch';
import { handler as listNotifications } from '#functions/notifications/list-notifications';
import { handler as markNotificationsRead } from '#functions/notifications/mark-read';
import {
  getHandler as getNotificationSettings,
  putHandler as updateNotificationSettings,
} from '#functions/notifications/notification-settings';
import { handler as commentContent } from './comment-content';
import { handler as commentPublicReview } from './comment-public-review';
import { handler as createReview } from './create-review';
import { handler as decideContent } from './decide-content';
import { handler as decidePublicReview } from './decide-public-review';
import { handler as getPublicReview } from './get-public-review';
import { handler as listReviews } from './list-reviews';
import { handler as revokeReview } from './revoke-review';

/**
 * The Reviews function (docs/decisions.md, "Versions, review and approval, and the content calendar"): an
 * item's review links, comments and decisions from the app, the public link's page, comments and decision,
 * and the caller's notifications with their e-mail setting (functions/notifications/), in one function
 * (contract/routes.ts).
 */
export const handler = dispatchRoutes('Reviews', {
  CreateReview: createReview,
  ListReviews: listReviews,
  RevokeReview: revokeReview,
  CreateContentComment: commentContent,
  DecideContent: decideContent,
  OverrideContentApproval: overrideApproval,
  GetPublicReview: getPublicReview,
  CreatePublicReviewComment: commentPublicReview,
  DecidePublicReview: decidePublicReview,
  ListNotifications: listNotifications,
  MarkNotificationsRead: markNotificationsRead,
  GetNotificationSettings: getNotificationSettings,
  UpdateNotificationSettings: updateNotificationSettings,
});
