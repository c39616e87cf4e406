import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { Duration, Fn, RemovalPolicy, Stack } from 'aws-cdk-lib';
import { Certificate } from 'aws-cdk-lib/aws-certificatemanager';
import {
  AllowedMethods,
  CacheCookieBehavior,
  CacheHeaderBehavior,
  CachePolicy,
  CacheQueryStringBehavior,
  Function as CloudFrontFunction,
  Distribution,
  FunctionCode,
  FunctionEventType,
  FunctionRuntime,
  HeadersFrameOption,
  HeadersReferrerPolicy,
  HttpVersion,
  OriginProtocolPolicy,
  OriginRequestPolicy,
  OriginSslPolicy,
  PriceClass,
  ResponseHeadersPolicy,
  SecurityPolicyProtocol,
  ViewerProtocolPolicy,
} from 'aws-cdk-lib/aws-cloudfront';
import { HttpOrigin, S3BucketOrigin } from 'aws-cdk-lib/aws-cloudfront-origins';
import { Policy, Role, ServicePrincipal } from 'aws-cdk-lib/aws-iam';
import { LogGroup, type RetentionDays } from 'aws-cdk-lib/aws-logs';
import { BlockPublicAccess, Bucket, BucketEncryption, type IBucket } from 'aws-cdk-lib/aws-s3';
import { BucketDeployment, CacheControl, Source } from 'aws-cdk-lib/aws-s3-deployment';
import { Construct } from 'constructs';
import type { RuntimeConfig } from '#shared/runtime-config';
import { API_EDGE_GUARD_FUNCTION_CODE } from './api-edge-guard';
import type { CustomDomain } from './config';
import { acknowledge, wildcardFindings } from './nag';
import { LANDING_PAGE_FILE, SPA_REWRITE_FUNCTION_CODE } from './spa-rewrite';

/** Vite writes content-hashed bundles under this folder; they can be cached for good. */
export const HASHED_ASSETS_FOLDER = 'assets';
export const RUNTIME_CONFIG_KEY = 'config.json';
/**
 * Source maps stay in the build output (`frontend/dist`) for whoever debugs a release, and are never
 * uploaded: the site bucket is public through CloudFront, and maps would publish the original sources.
 */
export const PRIVATE_BUILD_FILES = ['*.map', '**/*.map'];
export const API_PATH_PATTERN = '/api/*';
/** The API behaviour's maximum TTL: the least CloudFront accepts with compression enabled. */
export const API_MAX_TTL_SECONDS = 1;

export interface FrontendProps {
  /** Directory of the built frontend (holds index.html). */
  readonly assetPath: string;
  /** The HTTP API's default endpoint, https://{id}.execute-api.{region}.amazonaws.com */
  readonly apiEndpoint: string;
  /** Custom headers CloudFront adds to every request to the API (the secret origin header). */
  readonly apiOriginHeaders: Readonly<Record<string, string>>;
  readonly runtimeConfig: RuntimeConfig;
  readonly contentSecurityPolicy: string;
  readonly logBucket: IBucket;
  readonly customDomain: CustomDomain | null;
  readonly logRetention: RetentionDays;
  /** The WAF web ACL in front of the distribution (infra/edge-stack.ts), when the app has one. */
  readonly webAclArn?: string;
}

/**
 * CloudFront in front of a private S3 bucket (origin access control) for the single-page app, with
 * /api/* proxied uncached to the HTTP API so the browser only ever talks to one origin. The build and a
 * `config.json` describing this deployment's backend are copied to the bucket at deploy time, so one
 * frontend build runs against any stack.
 */
export class Frontend extends Construct {
  readonly bucket: Bucket;
  readonly distribution: Distribution;

  constructor(scope: Construct, id: string, props: FrontendProps) {
    super(scope, id);
    if (!existsSync(join(props.assetPath, 'index.html'))) {
      throw new Error(
        `Frontend build not found: ${join(props.assetPath, 'index.html')} is missing. Run npm run build first (npm run synth builds before synthesizing).`,
      );
    }
    // The viewer-request function sends `/` to it: without it, the home page would be S3's error.
    if (!existsSync(join(props.assetPath, LANDING_PAGE_FILE))) {
      throw new Error(
        `The frontend build has no prerendered landing page: ${join(props.assetPath, LANDING_PAGE_FILE)} is missing. Run npm run build again.`,
      );
    }

    this.bucket = new Bucket(this, 'SiteBucket', {
      blockPublicAccess: BlockPublicAccess.BLOCK_ALL,
      enforceSSL: true,
      minimumTLSVersion: 1.2,
      encryption: BucketEncryption.S3_MANAGED,
      serverAccessLogsBucket: props.logBucket,
      serverAccessLogsPrefix: 'site/',
      // Kept on stack deletion like every bucket here; its content is rewritten on each deploy anyway.
      removalPolicy: RemovalPolicy.RETAIN,
    });

    const securityHeaders = new ResponseHeadersPolicy(this, 'SecurityHeaders', {
      comment: 'LBM Studio security headers and CSP',
      securityHeadersBehavior: {
        contentSecurityPolicy: { contentSecurityPolicy: props.contentSecurityPolicy, override: true },
        strictTransportSecurity: {
          accessControlMaxAge: Duration.days(730),
          includeSubdomains: true,
          override: true,
        },
        contentTypeOptions: { override: true },
        frameOptions: { frameOption: HeadersFrameOption.DENY, override: true },
        referrerPolicy: {
          referrerPolicy: HeadersReferrerPolicy.STRICT_ORIGIN_WHEN_CROSS_ORIGIN,
          override: true,
        },
      },
    });

    const spaRewrite = new CloudFrontFunction(this, 'SpaRewrite', {
      code: FunctionCode.fromInline(SPA_REWRITE_FUNCTION_CODE),
      runtime: FunctionRuntime.JS_2_0,
      comment: 'Serves the prerendered landing page for / and index.html for client-side routes',
    });
    const apiEdgeGuard = new CloudFrontFunction(this, 'ApiEdgeGuard', {
      code: FunctionCode.fromInline(API_EDGE_GUARD_FUNCTION_CODE),
      runtime: FunctionRuntime.JS_2_0,
      comment: 'Refuses oversized bodies and malformed paths in the API error shape',
    });

    /**
     * CachingDisabled would also turn compression off, so library pages of up to 4.5 MB went out raw.
     * This policy compresses (gzip and brotli) and still caches nothing: the API answers
     * `cache-control: no-store`, the default TTL is 0, and CloudFront only accepts the compression
     * settings with a maximum TTL above 0, so it is one second. A policy that may cache must key on
     * Authorization to forward it, which also keeps one caller's reply from ever serving another.
     */
    const apiCachePolicy = new CachePolicy(this, 'ApiCompression', {
      comment: 'API: never cached (no-store, TTL 0), compressed with gzip and brotli',
      minTtl: Duration.seconds(0),
      defaultTtl: Duration.seconds(0),
      maxTtl: Duration.seconds(API_MAX_TTL_SECONDS),
      headerBehavior: CacheHeaderBehavior.allowList('Authorization'),
      queryStringBehavior: CacheQueryStringBehavior.all(),
      cookieBehavior: CacheCookieBehavior.none(),
      enableAcceptEncodingGzip: true,
      enableAcceptEncodingBrotli: true,
    });

    const apiOrigin = new HttpOrigin(Fn.parseDomainName(props.apiEndpoint), {
      protocolPolicy: OriginProtocolPolicy.HTTPS_ONLY,
      originSslProtocols: [OriginSslPolicy.TLS_V1_2],
      // The API's authorizer refuses requests without them: the API is only reachable through here.
      customHeaders: { ...props.apiOriginHeaders },
    });

    const domain = props.customDomain;
    this.distribution = new Distribution(this, 'Distribution', {
      comment: 'LBM Studio',
      // `/` as the viewer-request function serves it (it rewrites `/` before this would apply).
      defaultRootObject: LANDING_PAGE_FILE,
      defaultBehavior: {
        origin: S3BucketOrigin.withOriginAccessControl(this.bucket),
        viewerProtocolPolicy: ViewerProtocolPolicy.REDIRECT_TO_HTTPS,
        cachePolicy: CachePolicy.CACHING_OPTIMIZED,
        responseHeadersPolicy: securityHeaders,
        compress: true,
        functionAssociations: [{ function: spaRewrite, eventType: FunctionEventType.VIEWER_REQUEST }],
      },
      additionalBehaviors: {
        [API_PATH_PATTERN]: {
          origin: apiOrigin,
          viewerProtocolPolicy: ViewerProtocolPolicy.REDIRECT_TO_HTTPS,
          allowedMethods: AllowedMethods.ALLOW_ALL,
          // Authorization reaches the API through the cache key; the request policy forwards the rest.
          cachePolicy: apiCachePolicy,
          originRequestPolicy: OriginRequestPolicy.ALL_VIEWER_EXCEPT_HOST_HEADER,
          responseHeadersPolicy: securityHeaders,
          compress: true,
          functionAssociations: [{ function: apiEdgeGuard, eventType: FunctionEventType.VIEWER_REQUEST }],
        },
      },
      httpVersion: HttpVersion.HTTP2_AND_3,
      priceClass: PriceClass.PRICE_CLASS_100,
      enableLogging: true,
      logBucket: props.logBucket,
      logFilePrefix: 'cloudfront/',
      ...(props.webAclArn ? { webAclId: props.webAclArn } : {}),
      ...(domain
        ? {
            domainNames: [domain.domainName],
            certificate: Certificate.fromCertificateArn(this, 'Certificate', domain.certificateArn),
            minimumProtocolVersion: SecurityPolicyProtocol.TLS_V1_2_2021,
          }
        : {}),
    });
    acknowledge(
      this.distribution,
      'AwsSolutions-CFR1',
      'Internal staff tool; staff may work from anywhere, and every page and API call needs a company account.',
    );
    if (!props.webAclArn) {
      acknowledge(
        this.distribution,
        'AwsSolutions-CFR2',
        'This stack was built without its edge stack (a test of the main stack alone); the app (bin/app.ts) always attaches the web ACL of infra/edge-stack.ts.',
      );
    }
    if (!domain) {
      acknowledge(
        this.distribution,
        'AwsSolutions-CFR4',
        'Without a custom domain CloudFront serves its default *.cloudfront.net certificate, whose security policy cannot be changed; with the domainName/certificateArn context the distribution enforces TLSv1.2_2021.',
      );
    }

    this.deploy(props);
  }

  /**
   * Two deployments: content-hashed bundles with a year-long immutable cache (never pruned, so a browser
   * still holding the previous index.html can lazy-load its chunks), then everything else plus
   * config.json, revalidated on every load and invalidated in CloudFront.
   */
  private deploy(props: FrontendProps): void {
    const logGroup = new LogGroup(this, 'DeploymentLogs', { retention: props.logRetention });
    const role = new Role(this, 'DeploymentRole', {
      assumedBy: new ServicePrincipal('lambda.amazonaws.com'),
      description: 'Copies the frontend build to the site bucket',
    });
    logGroup.grantWrite(role);

    const hashedAssets = join(props.assetPath, HASHED_ASSETS_FOLDER);
    const assets = existsSync(hashedAssets)
      ? new BucketDeployment(this, 'DeployAssets', {
          sources: [Source.asset(hashedAssets, { exclude: PRIVATE_BUILD_FILES })],
          destinationBucket: this.bucket,
          destinationKeyPrefix: `${HASHED_ASSETS_FOLDER}/`,
          prune: false,
          cacheControl: [CacheControl.fromString('public, max-age=31536000, immutable')],
          role,
          logGroup,
        })
      : null;

    const site = new BucketDeployment(this, 'DeploySite', {
      sources: [
        Source.asset(props.assetPath, { exclude: [HASHED_ASSETS_FOLDER, ...PRIVATE_BUILD_FILES] }),
        Source.jsonData(RUNTIME_CONFIG_KEY, props.runtimeConfig),
      ],
      destinationBucket: this.bucket,
      // Leaves the hashed bundles alone when pruning files that are no longer in the build.
      exclude: [`${HASHED_ASSETS_FOLDER}/*`],
      prune: true,
      cacheControl: [CacheControl.noCache()],
      distribution: this.distribution,
      distributionPaths: ['/*'],
      role,
      logGroup,
    });
    if (assets) site.node.addDependency(assets);

    this.acknowledgeDeploymentGrants(role);
    // The copy job's Lambda is a stack-level singleton that CDK creates on first use.
    for (const child of Stack.of(this).node.children) {
      if (child.node.id.startsWith('Custom::CDKBucketDeployment')) {
        acknowledge(
          child,
          'AwsSolutions-L1',
          "CDK's BucketDeployment handler (Python with the AWS CLI layer) runs on the runtime CDK pins for it; it is CDK's code, not ours.",
        );
      }
    }
  }

  /**
   * BucketDeployment grants its handler CDK's broad S3 helpers (`s3:GetObject*`, `s3:List*`, ... on the
   * asset staging bucket and on the site bucket) and CloudFront invalidation on `*`. This role serves
   * that copy job only, so its findings are acknowledged one by one, each with the reason of its kind.
   */
  private acknowledgeDeploymentGrants(role: Role): void {
    const policy = role.node.tryFindChild('DefaultPolicy');
    if (!(policy instanceof Policy)) return;
    for (const finding of wildcardFindings(this, policy.document)) {
      const reason =
        finding === 'Resource::*'
          ? "CDK BucketDeployment grants CreateInvalidation/GetInvalidation on '*'; the copy job only invalidates this stack's distribution, passed to it as DistributionId."
          : finding.startsWith('Action::s3:')
            ? "CDK BucketDeployment's own grant to its copy job (read the uploaded build, write and prune the site bucket); the role is used by nothing else."
            : 'The copy job reads build objects from the CDK asset staging bucket and writes objects of the site bucket; object keys come from the build.';
      acknowledge(role, `AwsSolutions-IAM5[${finding}]`, reason);
    }
  }
}
