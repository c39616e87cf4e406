import { ArnFormat, RemovalPolicy, Stack, type StackProps } from 'aws-cdk-lib';
import { LogGroup, RetentionDays } from 'aws-cdk-lib/aws-logs';
import { CfnLoggingConfiguration, CfnWebACL } from 'aws-cdk-lib/aws-wafv2';
import type { Construct } from 'constructs';

/** CloudFront's web ACLs live in us-east-1, whatever region the app itself is deployed to. */
export const EDGE_REGION = 'us-east-1';

/**
 * Requests one client IP may make in five minutes before WAF blocks it for a while. Every request
 * through CloudFront counts (pages, assets, API calls); one busy user makes about 100 a minute, and an
 * agency's office shares one address, so the limit leaves room for twenty people at once while a flood
 * or a scraper from one address is stopped at the edge.
 */
export const WAF_REQUESTS_PER_IP_PER_FIVE_MINUTES = 10_000;

/**
 * Rules of AWS's common rule set that would refuse the app's own requests, counted instead of blocked:
 * bodies over 8 KB (image uploads and library items are larger; the API bounds and validates every
 * body) and HTML in a body (the library's editor saves HTML, which the server sanitizes before storing).
 */
export const COMMON_RULES_COUNTED = ['SizeRestrictions_BODY', 'CrossSiteScripting_BODY'] as const;

interface ManagedRule {
  readonly name: string;
  readonly priority: number;
  readonly counted?: readonly string[];
}

const MANAGED_RULE_GROUPS: readonly ManagedRule[] = [
  { name: 'AWSManagedRulesCommonRuleSet', priority: 1, counted: COMMON_RULES_COUNTED },
  { name: 'AWSManagedRulesKnownBadInputsRuleSet', priority: 2 },
];

const visibility = (metricName: string): CfnWebACL.VisibilityConfigProperty => ({
  cloudWatchMetricsEnabled: true,
  metricName,
  sampledRequestsEnabled: true,
});

/**
 * The app's resources that AWS keeps in us-east-1 (docs/decisions.md, "Operations a maintainer can trust"):
 * the CloudFront distribution's web ACL, with a per-IP rate limit and AWS's managed common and
 * known-bad-inputs rule groups, and its log of the requests it blocked or counted. The main stack, in any
 * region, reads the ACL's ARN through CDK's cross-region references (bin/app.ts, infra/app-stacks.ts).
 */
export class LbmStudioEdgeStack extends Stack {
  readonly webAcl: CfnWebACL;

  constructor(scope: Construct, id: string, props: StackProps) {
    super(scope, id, props);
    this.webAcl = new CfnWebACL(this, 'WebAcl', {
      scope: 'CLOUDFRONT',
      description: 'LBM Studio: rate limit per IP, AWS common and known-bad-inputs rules',
      defaultAction: { allow: {} },
      visibilityConfig: visibility('LbmStudioWebAcl'),
      rules: [
        {
          name: 'RateLimitPerIp',
          priority: 0,
          action: { block: {} },
          statement: {
            rateBasedStatement: {
              limit: WAF_REQUESTS_PER_IP_PER_FIVE_MINUTES,
              evaluationWindowSec: 300,
              aggregateKeyType: 'IP',
            },
          },
          visibilityConfig: visibility('RateLimitPerIp'),
        },
        ...MANAGED_RULE_GROUPS.map(
          ({ name, priority, counted = [] }): CfnWebACL.RuleProperty => ({
            name,
            priority,
            overrideAction: { none: {} },
            statement: {
              managedRuleGroupStatement: {
                vendorName: 'AWS',
                name,
                ...(counted.length > 0
                  ? {
                      ruleActionOverrides: counted.map((rule) => ({
                        name: rule,
                        actionToUse: { count: {} },
                      })),
                    }
                  : {}),
              },
            },
            visibilityConfig: visibility(name),
          }),
        ),
      ],
    });

    // WAF requires the log group's name to start with aws-waf-logs-. Allowed requests are not logged:
    // CloudFront's access logs have them.
    const logs = new LogGroup(this, 'WebAclLogs', {
      logGroupName: `aws-waf-logs-${this.stackName}`,
      retention: RetentionDays.THREE_MONTHS,
      removalPolicy: RemovalPolicy.DESTROY,
    });
    new CfnLoggingConfiguration(this, 'WebAclLogging', {
      resourceArn: this.webAcl.attrArn,
      // The group's ARN without the ':*' that LogGroup.logGroupArn ends with, which WAF refuses.
      logDestinationConfigs: [
        this.formatArn({
          service: 'logs',
          resource: 'log-group',
          resourceName: logs.logGroupName,
          arnFormat: ArnFormat.COLON_RESOURCE_NAME,
        }),
      ],
      loggingFilter: {
        DefaultBehavior: 'DROP',
        Filters: [
          {
            Behavior: 'KEEP',
            Requirement: 'MEETS_ANY',
            Conditions: [{ ActionCondition: { Action: 'BLOCK' } }, { ActionCondition: { Action: 'COUNT' } }],
          },
        ],
      },
    });
  }
}
