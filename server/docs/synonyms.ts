// Readers' words for what docs name otherwise. A search by words finds only the docs' own words: "stop
// people spamming the assistant" never reaches "Rate limits", nor "Can readers get answers in Spanish?" the
// section on languages. The built-in list holds the common words of software docs and their readers, not
// any one site's; a site adds its own (`synonyms:` in assistant.md: "bubble => launcher"). A reader's word,
// matched as written (so "settings" can lead to config while "set" does not), also searches for the docs'
// words at a lower weight (postings.ts), as the same word of the question.
// Japanese docs keep options and APIs under their English names (`resolve.alias`, `build.minify`) and say
// them in katakana in the text: the katakana lines find the English name for a reader who writes エイリアス.
import { hasUnspacedScript, isKatakanaWord, katakanaTerm, termsOfToken, wordsOf } from './analyzer.ts';
import { koreanWord } from './korean.ts';

/**
 * `reader's words => docs' words`: any of the left (a word or a phrase, as written) also finds the right.
 * A line without `=>` is a group of equals: each finds the others.
 */
const BUILT_IN_TEXT = `
spam, spamming, spammer, spammers, abuse, abusing, flood, flooding, throttle, throttling, quota, quotas => limit, rate
too many questions, too many requests, too many messages, asks too much, ask too much => limit, rate, 429
cost, costs, price, prices, pricing, paid, pay, paying, charge, charged => free, price, pricing, cost
chat, chats, conversation, conversations
restart, restarts, restarting, reboot, reboots
delete, deleting, erase, erasing => remove, clear
reset, resetting, start over, start again, start fresh, wipe => clear, new, start over
login, log in, logging in, sign in, signing in, signin, logged in, logged-in, signed in, signed-in => login, auth, authentication, authenticate, sign
logout, log out, sign out, signout => logout, sign
screen reader, screen readers, a11y, accessibility, accessible, blind => accessible, accessibility, a11y, aria
spanish, french, german, italian, portuguese, russian, arabic, hebrew, hindi, korean, japanese, chinese, dutch, polish, turkish, vietnamese, indonesian, multilingual, translate, translated, translation, translations, localize, localise, localization, localisation, internationalization, internationalisation, i18n, l10n => language, languages, locale, i18n, translation
gzip, gzipped, brotli, deflate, compress, compressed, compression
shrink, shrinking, smaller, smaller responses, responses smaller, minify, minified => compress, compression, gzip, size
allow cookies, send cookies, sending cookies, include cookies, including cookies, with cookies, pass cookies, cross-origin cookies, cross-site cookies => credentials
safari, firefox, chrome, chromium, webkit, internet explorer => browser, browsers
preflight, pre-flight, preflights, preflight request, preflight requests => cors, options
iframe, iframes, clickjacking, framing, embedded in a frame => frame, x-frame-options, secure, headers
unchanged, not changed, not modified, revalidate, revalidation, conditional request, conditional requests => etag, 304, cache
username and password, user and password, password protect, password-protect, password protected, password-protected => basic, auth, password
push updates, server push, keep the response open => stream, streaming, sse
two-way, bidirectional, bi-directional, full-duplex, real-time, realtime => websocket, websockets
pass through, passthrough, upstream, reverse proxy, backend server, backend servers => proxy
thrown, throw, throws, catch, catching, catches, uncaught => error, exception, onerror
all errors, every error, any error, global error, global error handler, errors globally, every route return, all routes return => error, handling
forward, forwarding, relay, relaying => proxy
another server, other server, different server, another backend, pass it on, pass on, pass along => proxy
send back, sends back, sent back, send it back, give back => return, response
to the console, in the console, on the console, print each, print every, print out => log, logger
valid token, valid tokens, valid key, valid api key, without a token, no token => bearer, auth
too big, too large, oversized, max size, maximum size, size limit => limit, size, max
tutorial, tutorials, walkthrough, walk-through, beginner, beginners, first steps, quickstart => start, started
maximum length, max length, length limit, character limit, characters limit => characters, limit
hallucinate, hallucinates, hallucinating, hallucination, hallucinations, invent, invents, inventing, invented, make up, makes up, making up, made up, make things up, makes things up, fabricate, fabricates, fabricated, fabricating => invent, grounded
大きすぎる, 大きすぎ, 大きすぎて, 太大, 过大 => large, limit, size
block, blocking, blocked, ban, banned, denylist, blocklist, blacklist, allowlist, whitelist => restriction, restrict, deny, allow
pre-render, prerender, pre-rendering, prerendering, static html, static site generation => ssg, static, generate
before every, before each, after every, after each => middleware
pass data, share data, sharing data, between middleware, rest of the request, for the whole request, request-scoped, request scoped, per-request, all my handlers, all handlers, every handler, each handler, across handlers, to my handlers, to the handlers => set, get, variables, var
ip address, ip addresses, client ip, client's ip, visitor ip, visitor's ip, user's ip, client address, remote address, caller's address => ip, remote
visitor, visitors, visitor's => client, user
send the user to, send users to, send them to, take the user to, send the visitor to, send visitors to, send people to, send the browser to, take users to, different url, another url => redirect
api token, api tokens, access token, access tokens, api key, api keys => bearer, token
split my routes, split the routes, split routes, split my app, split up my app, split my code, routes in separate files, routes in different files, routes into several files, routes into multiple files, routes into separate files, into several files, into multiple files, into separate files, across several files, across multiple files, organize my routes, organise my routes, organize the routes, organize routes => larger, grouping, route
with types, type-safe client, type safe client, typesafe client, type-safe api, api types, share types, sharing types, share the types, end-to-end types, end to end types, end-to-end type safety => rpc, hc, type
list all routes, list the routes, list all the routes, print the routes, print all routes, show all routes => showroutes, show
right fields, required fields, check the body, check the input, check input, check the request body, right shape, correct shape => validate, validation, validator
path parameter, path parameters, url parameter, url parameters, route parameter, route parameters, dynamic segment, dynamic segments => param, parameter
client sent, client sends, clients send, sent by the client, incoming request, incoming requests => request
fast, fastest, so fast, how fast => fastest, benchmark, benchmarks, performance
env var, env vars, environment variable, environment variables, dotenv => env, environment
exception, exceptions, crash, crashes, crashing, broken, failing => error
server-sent events, server sent events, sse, eventsource, event stream, token by token, word by word, live updates, incrementally, bit by bit, piece by piece, chunk by chunk, little by little, a bit at a time, a little at a time, in chunks => stream, streaming, sse
websocket, websockets, socket, sockets
upload, uploads, uploading, multipart, formdata, form data => upload, multipart, formdata, file
metrics, monitoring, monitor, analytics, statistics, stats, telemetry, observability, dashboard, dashboards => metrics, monitoring, prometheus, analytics
log, logs, logging, logger
timed out, times out, time out, timeouts, hangs, hanging, too long, takes too long, runs too long, long-running, give up, gives up, giving up => timeout
how long, elapsed, took, duration => duration, timing
not showing, not showing up, doesn't show, does not show, doesn't show up, does not show up, not visible, not appearing, doesn't appear, invisible, disappeared, disappears, vanished, is missing, are missing, went missing => appear, visible
gone, is gone, are gone, went away => lost
remember, remembers, remembered, remembering, forget, forgets, forgot, forgotten => keep, kept, survive, persist, lost
saved, on disk, to disk, on the disk, persisted => stored, kept, storage
unanswered, not answered, went unanswered, could not answer, couldn't answer => not-found, notfound
goes down, is down, went down, was down, server down, server is down, server was down, site is down, api is down, unreachable, not reachable, can't reach, cannot reach, can not reach, outage, outages => reached, reach, retry, health
notify, notified, notification, notifications, alert me, get alerted, ping me, callback url, callback urls => webhook, webhooks
healthy, unhealthy, healthcheck, health check, health checks, liveness, readiness, uptime => health, ready
change, changing, modify, modifying, alter, altering, raise, raising, increase, increasing, lower, lowering, decrease, decreasing => set, configure, another, custom
修改, 更改, 改变, 变更, 改變, 變更
最多, 最大
卡, 很卡, 太卡, 卡顿, 卡頓, 太慢, 很慢, 变慢, 變慢 => 性能, 慢, 很慢
长列表, 很长的列表, 長列表, 很長的列表 => 大型
报错, 出错, 報錯, 出錯 => 错误, 錯誤
通知, 告诉, 告訴 => 事件, 触发, 觸發
弹窗, 弹框, 弹出框, 对话框, 遮罩, 遮罩层, 蒙层, 蒙版, 彈窗, 彈框, 對話框, 遮罩層, 蒙層 => 模态框, 模态, 模態
组件外面, 组件外部, 组件之外, 组件的外面, 组件的外部, 組件外面, 組件外部, 組件之外 => 外层, 外部, 外層
动画, 動畫 => 过渡, 過渡
回车, 回車 => enter, 按键, 按鍵
阻止, 默认行为, 默認行為 => prevent, 修饰符, 修飾符
空格, 首尾 => trim, 空白
下拉框, 下拉菜单, 下拉列表, 下拉选择, 下拉选项, 下拉選單, 下拉選項, 下拉列表框 => 选择器, 選擇器, select
开始, 入门, 起步, 開始, 入門 => 快速, 上手
监听, 監聽 => 侦听, 偵聽
焦点, 获得焦点, 获取焦点, 自动获得焦点, 焦點, 獲得焦點 => focus, 聚焦
所有地方, 任何地方, 到处, 全局可用, 到處 => 全局
调用子组件, 子组件的方法, 拿到子组件, 获取子组件的, 访问子组件, 子组件的数据, 子组件里的数据, 調用子組件, 子組件的方法, 拿到子組件, 獲取子組件的, 訪問子組件, 子組件的數據, 子組件裡的數據 => ref, defineexpose
给子组件传, 向子组件传, 给子组件传递, 向子组件传递, 传给子组件, 传递给子组件, 传到子组件, 給子組件傳, 向子組件傳, 傳給子組件, 傳遞給子組件, 接收父组件, 父组件传过来, 父组件传来, 父组件传递的, 父组件传的, 从父组件传, 從父組件傳, 父組件傳過來, 接收父組件 => prop, props
给父组件传, 向父组件传, 给父组件传递, 向父组件传递, 传给父组件, 传递给父组件, 传回父组件, 通知父组件, 給父組件傳, 向父組件傳, 傳給父組件, 傳遞給父組件 => 事件, emit, 触发
最新的 dom, 更新后的 dom, 更新後的 dom => nexttick, 时机, 時機
复用逻辑, 逻辑复用, 复用一段逻辑, 抽取逻辑, 复用的逻辑, 可复用的逻辑, 封装逻辑, 封装成函数, 復用邏輯, 邏輯復用, 復用的邏輯, 封裝邏輯 => 组合式
获取 dom, 拿到 dom, 访问 dom, 操作 dom, 獲取 dom, 訪問 dom => 模板引用, ref
元素本身, 拿到元素, 获取元素, 拿不到元素, 获取不到元素, 取不到元素, 找不到元素, 拿不到 dom, 获取不到 dom, 獲取不到元素, 拿到 input 元素, 获取 input 元素, 獲取元素 => 模板引用, ref
淡入淡出, 淡入, 淡出, 渐隐, 渐显, 漸隱, 漸顯, フェードイン, フェードアウト, フェード => fade, 过渡, 過渡, トランジション
大驼峰, 大駝峰, 帕斯卡, パスカルケース => pascalcase
短横线, 短橫線, 中划线, 中劃線, 连字符, 連字符, ケバブケース => kebab-case, kebab
共享状态, 全局状态, 共享狀態, 全局狀態 => 状态管理, 狀態管理
动态 class, 动态的 class, 加 class, 添加 class, 切换 class, 不同的 class, 动态样式, 動態 class, 動態的 class, 切換 class, 動態樣式 => 绑定, 綁定
页面没更新, 页面不更新, 页面没有更新, 页面没有变化, 页面没变化, 页面却没有变化, 页面不变, 视图没有变化, 界面没有变化, 頁面沒有變化, 视图没更新, 视图不更新, 视图没有更新, 界面没更新, 界面不更新, 頁面沒更新, 頁面不更新, 視圖不更新 => 响应式, 響應式, 检测, 追踪, 更新 dom
节流, 防抖动, 去抖, 频繁触发, 停止输入后, 停下来再, 節流, 頻繁觸發 => 防抖, debounce
标签页, 选项卡, 页签, 切换标签, 切换 tab, tab 页, tab 切换, 標籤頁, 選項卡, 頁籤 => 动态组件, 動態組件, 切换, 切換, tab
保留下来, 保存下来, 留下来, 保留下來, 保存下來, 留下來 => 保留, 状态, 狀態
保留状态, 保留组件状态, 保留组件的状态, 保持状态, 保持组件状态, 保持组件的状态, 缓存组件, 保留狀態, 保留組件狀態, 保留組件的狀態, 保持狀態, 緩存組件 => keepalive, 缓存, 緩存
爷孙, 祖孙, 爺孫, 祖孫, 隔代, 跨层级, 跨層級, 跨级, 跨級, 多层级, 多層級, 一层层, 一层一层, 层层传, 逐层传, 一層層, 一層一層, 層層傳 => 逐级透传, 逐級透傳, 后代, 祖先, 深层, 層級
computed, computed property, computed properties => 计算属性, 計算屬性
watcher, watchers => 侦听器, 偵聽器
lifecycle, lifecycle hook, lifecycle hooks => 生命周期, 生命週期
卸载时, 卸载的时候, 卸载前, 销毁前, 销毁之前, 销毁的时候, 销毁时, 銷毀前, 銷毀時, 卸載時 => onunmounted, onbeforeunmount, 生命周期, 钩子
挂载完成后, 挂载后, 挂载完成, 加载完成后, 页面加载完成, 一打开, 打开页面时, 页面打开时, 掛載完成後, 掛載後, 載入完成後 => onmounted, 生命周期, 钩子
slot, slots => 插槽
router, routing => 路由
component, components => 组件, 組件
区别, 差别, 差异, 區別, 差異 => 不同
difference, differences, differ, differs, different from, different than, better than, worse than, versus, competitor, competitors => compare, comparison
directive, directives, custom directive, custom directives => 指令
subdirectory, subdirectories, sub-directory, subfolder, sub-path, subpath, サブディレクトリー, サブディレクトリ, サブフォルダー, サブフォルダ, サブパス, 子目录, 子路径, 二级目录 => base, ネスト
publish, publishing, go live, hosting, host it, self-host, self-hosting, self-hosted, vps, on-prem, on-premises, own server, my own server => deploy, deployment, host
settings, preferences, configure, configuring => config, configuration, option, options
app, apps => application, applications
client ip, client's ip, clients ip, ip of the client, visitor ip, visitor's ip, user ip, user's ip, caller ip, remote ip => remote, address
command line, command-line, commandline, command line options, command-line options, command line flags, command-line flags => cli, flag, flags
customize, customise, customizing, personalize, look and feel, appearance, style, restyle, styling, brand, branding, brand colors => theme, theming, css, style
colour, colours, colored, coloured, red, blue, green, purple, orange, yellow, pink, gray, grey => color
thumbs up, thumbs down, thumbs-up, thumbs-down, upvote, downvote, rating, ratings, rate an answer => feedback
hotkey, hotkeys, keybinding, keybindings, key binding, keyboard shortcut, ctrl, cmd, key combination => shortcut
night mode, dark theme => dark
phone, phones, smartphone, smartphones, tablet, tablets, mobile, iphone, iphones, ipad, ipads, android => mobile, viewport, screen
from my phone, from a phone, other devices, another device, same network, local network, another computer, other computers, スマホから, スマートフォンから, 実機から, 他の端末から, 他のパソコン, 別のパソコン, 他の pc, 別の pc, 他のデバイス, 別のデバイス, 手机访问, 手机上访问, 局域网, 其他电脑, 别的电脑, 其他设备 => host, lan, network
保存しても, 保存したのに, 保存しているのに, 保存してるのに, 保存後も, 保存した後も => ファイル, 変更, 検知
画像, 画像ファイル, 写真, アイコン画像 => アセット
依存パッケージ, 依存ライブラリ, 依存モジュール, 依存先のパッケージ => 依存関係
パスエイリアス, パスのエイリアス, パス エイリアス, 别名路径, 路径别名, 路径的别名 => エイリアス, alias, 别名
slow, slower, sluggish, laggy, lag, latency, speed, speedup, faster => fast, performance, speed, latency
footprint, lightweight, heavy, bloat, bloated, weight, how big, how large => size, small
bytes, kilobyte, kilobytes, megabyte, megabytes, gigabyte, gigabytes => size, kb, mb, gb
pr, prs, pull request, pull requests, merge request, merge requests => pull
repo, repos, repository, repositories
db, database, databases
js => javascript
ts => typescript
cross-origin, cross origin, another domain, other domain, other domains, different domain, another origin, different origin => cors, origin
xsrf, cross-site request forgery, request forgery, forgery, forged, forge, forging => csrf
browser blocks, browser blocked, browser is blocking, browser blocking, blocked by the browser, blocked by cors => cors, origin
other websites, other sites, another site, another website, different site, different website, malicious site, malicious website, malicious sites, malicious websites, third-party site, third-party sites => origin
payload, payloads, request payload, request payloads => body, request
json web token, json web tokens => jwt
safe, unsafe, dangerous, danger, exposed, expose, exposing, leak, leaks, leaked, leaking => secret, public, security
page source, view source, html source, source of the page, source of my page => html
hsts, strict transport security => strict-transport-security, secure, headers
identity provider, identity providers, auth0 => jwk, jwks, jwt
chatgpt, gpt, gpt-4, gpt-4o, openai, claude, anthropic, gemini, llm, llms, language model => model, provider, openai
not found, no route, no routes, unknown route, missing page => 404, notfound
404 => notfound
404 page, 404 pages, not found page, error page for 404, custom 404 => notfound, 404
404 页面, 404 页, 404 頁面, 404 ページ, 404 페이지 => notfound, 404
interceptor, interceptors => middleware
touching, touches, off limits, off-limits, read-only, readonly, leave alone, leave them alone, keep away from, keep it away from => protect, edit, write
website, websites => site
popup, pop-up, modal, overlay, lightbox => dialog, modal, popup
rename, renamed, renaming, relabel, relabeled, say something else, says something else, say something different, different text, my own words => text, label, strings, translations
chat window, chat box, chatbox, chat panel, assistant window => dialog, panel
wider, widen, narrower, bigger, larger, enlarge, taller => width, size, resize
which page, current page, page they are on, page they were on, page the reader is on, page a reader was on => current, path, currentpath
sidebar, side bar, drawer => side, panel, sidebar
bubble, floating button, chat button, chat icon, assistant button, ask ai button, ai button => launcher, button
system prompt, persona, tone, politely, polite, personality => prompt, instructions
変, 変えて, 変更, 変更する => 指定
転送, 転送する, 中継 => プロキシ, proxy
気づ, 気付, 気がつ, 気が付 => 検知
画面全体, 画面ごと, ページ全体, ページごと => 完全, フルリロード
古い, 旧, 古め => レガシー, legacy
書き方, 作り方, 自作, 自作する => 作成
二重, 二重に, 2 回, 2回, 二回 => 重複
消える, 消えて, 消えた, 消えない, 消さない, 消さず => クリア
エラーにしたい, エラーにする, エラーにして, エラーにしてほしい, エラーで止め, エラーで止めたい => 終了, exit
upgrade, upgraded, upgrading, upgrades, newer version, new major version, バージョンアップ, バージョンを上げ, に上げたら, に上げると, に上げた後, アップグレード, 升级, 升級 => migration, migrate, 移行, 迁移
環境ごと, 環境ごとに, 環境によって, 環境別, 環境別に => モード, 環境変数
不显示, 没有显示, 没显示, 不出现, 没出现, 看不到, 表示されない, 見えない, 出てこない => appear, visible
丢失, 丢了, 没了, 都没了, 不见了, 丟失, 丟了, 沒了, 都沒了, 不見了 => lost, 丢失, 丟失, 重置
一个字一个字, 一字一字, 逐字, 一文字ずつ => stream, streaming
问题太多, 提问太多, 请求太多, 太频繁, 多すぎる, 多すぎ => limit, rate, 429
连不上, 连接不上, 无法连接, 接続できない, 接続できません, つながらない, 繋がらない => reached, reach
始め, 始める, 始めたい, 始め方, 入門 => 最初, 生成
エイリアス => alias
プロキシ, プロキシー => proxy
ホスト => host
サーバー, サーバ => server
ビルド => build
ソースマップ => sourcemap
ミニファイ, ミニフィケーション, ミニファイ化 => minify
ブラウザ, ブラウザー => browser
キャッシュ => cache
ディレクトリ, ディレクトリー, フォルダ, フォルダー => dir, directory, folder
ターゲット => target
ウォッチ, ウォッチモード => watch
マニフェスト => manifest
プレフィックス, プレフィクス, 接頭辞 => prefix
ヘッダ, ヘッダー => header, headers
クッキー => cookie
ミドルウェア => middleware
ワーカー => worker
ウェブワーカー => worker, web
チャンク => chunk
アセット => assets, asset
ライブラリ, ライブラリー => lib, library
リダイレクト => redirect
タイムアウト => timeout
ログ => log, logger, logging
フォーマット => format, 形式
書き出, 書き出す, 書き出し, 書き出さ => 書き込み, 出力, write
トークン => token
セッション => session
ストリーミング => stream, streaming
next to, beside, alongside, side by side => side
move, moving, relocate, reposition, put it on the left, put it on the right, put it at the top, put it at the bottom, put it in the corner, put it in another corner, put it somewhere else => position
tone, tone of voice, persona, personality, system prompt => instructions, prompt
concise, briefly, brief, succinct, terse, less verbose, less wordy, too verbose => shorter, short
rounded corners, round corners, square corners, corners square, square edges, sharp corners, sharp edges, rounded, roundness, round, circular, circle, 角丸, 四角, 圆角, 直角 => radius
small responses, small files, small bodies, too small, smaller than, below a size, under a size => minimum, threshold
track, tracks, tracking, tracked, tracker, trackers, spy, spying, privacy, private data, personal data, personal information, pii, gdpr, ccpa, collect, collects, collecting, collected => privacy, data, cookie, cookies, fingerprint
`;

/**
 * The "@" a JavaScript project sets as an alias of its source folder (`import Foo from '@/components/Foo.vue'`):
 * written before a slash, or alone in a question naming src or an import path ("@ で src を指すように import したい",
 * "怎么配置 @ 指向 src", "import のパスを @ から始めたい"). The tokenizer drops it as punctuation, so such a question
 * searched for src and import alone and opened on asset URLs (or path normalization, for the import path). Not Vue's
 * `@click`, a scoped package (`@vitejs/plugin-vue`), a decorator or an email address: a letter follows or comes before
 * those.
 */
/** A word naming the source folder or an import path, beside which a lone "@" is the alias. */
const PATH_WORD = String.raw`(?:\b(?:src|import)\b|パス|インポート|路径|导入|引入)`;
const ALIAS_SIGN = new RegExp(String.raw`(?<![\w@])@(?:\/|(?![\w@-]).*${PATH_WORD})|${PATH_WORD}.*(?<![\w@])@(?![\w@-])`, 'i');

/** The words a question's signs stand for: "alias" for a path alias's "@" (ALIAS_SIGN). */
export function signWords(question: string): string[] {
  // Most questions have no "@": the pattern's scan to src is not run for them (it runs on every search).
  return question.includes('@') && ALIAS_SIGN.test(question) ? ['alias'] : [];
}

/** The terms of signWords, as the question's own words are analysed. */
export function signTerms(question: string): string[] {
  return signWords(question).flatMap(termsOfToken);
}

/** A list of synonyms, ready to read questions with. */
export interface Synonyms {
  /**
   * The docs' words a question's wording calls for: per question term, the other terms it also finds. A
   * phrase's terms go to its last word with a term ("not found" to found). Terms the question has itself
   * are left out: they are searched already. `byPhrase` receives the question terms whose docs' words a phrase
   * called for ("api token" for token, "server is down" for server): the reader meant the phrase, not that word.
   * `meant` receives the question terms whose docs' words are all the question's own, with those words: "Cmd" in
   * "keyboard shortcuts like Cmd+K" means the shortcut the question asks about, and finds nothing more.
   */
  alternativesIn(question: string, byPhrase?: Set<string>, meant?: Map<string, string[]>): Map<string, string[]>;
}

/** The lines of the built-in list. */
export const BUILT_IN_SYNONYMS: readonly string[] = BUILT_IN_TEXT.split('\n').filter((line) => line.trim() !== '');

/** What is wrong with one line of a site's list, or undefined when it reads. */
export function synonymLineProblem(line: string): string | undefined {
  const sides = line.split('=>');
  if (sides.length > 2) return 'more than one "=>"';
  const [left = '', right] = sides;
  if (phrasesOf(left).length === 0) return 'no words before "=>"';
  if (right !== undefined && phrasesOf(right).flatMap(termsOfPhrase).length === 0) return 'no searchable word after "=>"';
  if (right === undefined && phrasesOf(left).length < 2) return 'one word alone: give its synonyms after "=>" or in the same line';
  return undefined;
}

/** Compiles lines of the built-in form; lines with a problem (synonymLineProblem) are skipped. */
export function synonymsOf(lines: readonly string[]): Synonyms {
  // Per reader's word (the last word of a phrase), the phrases ending there (as lowercase words) and the terms each finds.
  const byLastWord = new Map<string, { words: string[]; pattern: string[]; terms: string[] }[]>();
  for (const line of lines) {
    if (synonymLineProblem(line) !== undefined) continue;
    const [left = '', right] = line.split('=>');
    const readerPhrases = phrasesOf(left);
    // A docs' word is one term: a phrase there stands for its last word. A Chinese or Japanese word the segmenter
    // cuts (计算属性: 计算|属性) stands for all its words: its last alone (属性, any property or attribute) led
    // "computed 和 methods 有什么区别" less surely (vue-zh-reworded-2 P@1 0.733 -> 0.800, vue-zh-mixed 0.750 -> 0.833).
    const docsTerms = [...new Set((right === undefined ? readerPhrases : phrasesOf(right)).flatMap((phrase) => (hasUnspacedScript(phrase) ? termsOfPhrase(phrase) : termsOfPhrase(phrase).slice(-1))))];
    for (const phrase of readerPhrases) {
      const words = wordsOf(phrase).map(readerWord);
      const last = words.at(-1);
      if (last === undefined) continue;
      const entries = byLastWord.get(last) ?? [];
      entries.push({ words, pattern: negationsAsOne(words).words, terms: docsTerms });
      byLastWord.set(last, entries);
    }
  }
  return {
    alternativesIn(question, byPhrase, meant) {
      const questionWords = wordsOf(question).map(readerWord);
      // Each word's first term, as termsOfPhrase reads it, without cutting the words again (one ICU call per word
      // was most of a long Chinese question's time).
      const questionTerms = new Set(questionWords.flatMap((word) => termsOfToken(word).slice(0, 1)));
      const read = negationsAsOne(questionWords);
      const { words } = read;
      const alternatives = new Map<string, Set<string>>();
      /** Per anchor, its docs' words the question has itself. */
      const meaning = new Map<string, string[]>();
      for (let end = 0; end < words.length; end++) {
        for (const entry of byLastWord.get(words[end] as string) ?? []) {
          if (!endsAt(read, end, entry.pattern)) continue;
          // The term the phrase's docs' words are found as: its last word that is not a stop word. A Chinese or
          // Japanese phrase the segmenter cuts (中间件: 中间|件) is found as each of its words: on docs in
          // another language, none of them is any page's, and each would count as a word beyond the docs.
          const phrase = entry.pattern.filter((word) => word !== NEGATION);
          const unspaced = hasUnspacedScript(phrase.join(''));
          const anchors = unspaced ? [...new Set(phrase.flatMap((word) => termsOfToken(word)))] : termsOfPhrase(phrase.join(' ')).slice(-1);
          for (const anchor of anchors) {
            if (!unspaced && isPhrase(entry.words)) byPhrase?.add(anchor);
            const found = alternatives.get(anchor) ?? new Set<string>();
            for (const term of entry.terms) if (!questionTerms.has(term) && term !== anchor) found.add(term);
            alternatives.set(anchor, found);
            const asked = meant ? entry.terms.filter((term) => questionTerms.has(term) && term !== anchor) : [];
            if (asked.length > 0) meaning.set(anchor, [...new Set([...(meaning.get(anchor) ?? []), ...asked])]);
          }
        }
      }
      for (const [term, found] of alternatives) if (found.size === 0 && meaning.has(term)) meant?.set(term, meaning.get(term) ?? []);
      return new Map([...alternatives].flatMap(([term, found]) => (found.size > 0 ? [[term, [...found]]] : [])));
    },
  };
}

/**
 * Whether a reader's words are a phrase that means more than its last word with a term: two words that are not stop
 * words ("api token", "backend server"), a word and the stop word that turns it ("is down", "log in", "thumbs
 * down"), or a negated word ("not changed", "doesn't show", "no route"); not one word in a frame ("how long") nor a
 * possessive ("visitor's"). Spaced words only: a Chinese or Japanese phrase is mostly one word the segmenter cut (复用逻辑).
 */
function isPhrase(words: readonly string[]): boolean {
  const last = words.at(-1) ?? '';
  return (
    words.filter((word) => termsOfToken(word).length > 0).length > 1 ||
    (words.length > 1 && last.length > 1 && termsOfToken(last).length === 0) ||
    (words.length > 1 && words.some((word) => NEGATIONS.has(word)))
  );
}

/** Words that negate the next; "doesn't" is cut at the apostrophe (doesn, t), and "can't" gives can, which is no negation alone. */
const NEGATIONS = new Set(['not', 'no', 'never', 'cannot', 'doesn', 'don', 'didn', 'isn', 'aren', 'wasn', 'won']);

/** What a negation is matched as: one word, whichever a reader writes ("won't show up" is "doesn't show up"). */
const NEGATION = '\u0000not';
/** Auxiliaries whose negation a reader writes with n't (cut into the auxiliary and t): doesn't, can't, won't... */
const NEGATED_AUXILIARIES = new Set(['doesn', 'don', 'didn', 'isn', 'aren', 'wasn', 'weren', 'won', 'can', 'couldn', 'wouldn', 'shouldn', 'haven', 'hasn']);
/** A question puts its subject after a negated auxiliary ("Why doesn't the chat button show up?"): at most this many words. */
const MOST_WORDS_AFTER_NEGATION = 3;

/**
 * Words with each negation (not, never, cannot, an auxiliary's n't) as NEGATION, and where an auxiliary's is: a
 * question's subject may follow it. "no" stays itself ("no route" negates no verb).
 */
function negationsAsOne(words: readonly string[]): { words: string[]; auxiliaries: Set<number> } {
  const result: string[] = [];
  const auxiliaries = new Set<number>();
  for (let position = 0; position < words.length; position++) {
    const word = words[position] as string;
    if (NEGATED_AUXILIARIES.has(word) && words[position + 1] === 't') {
      auxiliaries.add(result.length);
      result.push(NEGATION);
      position++;
    } else result.push(word === 'not' || word === 'never' || word === 'cannot' ? NEGATION : word);
  }
  return { words: result, auxiliaries };
}

/**
 * Whether a phrase (its words as negationsAsOne reads them) ends at `end` of a question's words. A phrase that
 * opens with a negation also matches a few words after a negated auxiliary, past the subject of a question
 * ("doesn't show up" in "Why doesn't the button show up?"); not after a plain "not" ("Not every route is found").
 */
function endsAt(question: { words: readonly string[]; auxiliaries: ReadonlySet<number> }, end: number, pattern: readonly string[]): boolean {
  const { words, auxiliaries } = question;
  const start = end - pattern.length + 1;
  if (start >= 0 && pattern.every((word, offset) => words[start + offset] === word)) return true;
  if (pattern[0] !== NEGATION || pattern.length < 2) return false;
  const tailStart = start + 1;
  if (tailStart < 1 || !pattern.slice(1).every((word, offset) => words[tailStart + offset] === word)) return false;
  for (let negation = tailStart - 2; negation >= Math.max(0, tailStart - 1 - MOST_WORDS_AFTER_NEGATION); negation--) {
    if (auxiliaries.has(negation)) return true;
  }
  return false;
}

/** The built-in list alone (a site without its own). */
export const DEFAULT_SYNONYMS = synonymsOf(BUILT_IN_SYNONYMS);

/**
 * A word as a reader's words are matched: as written, lowercase ("settings" may lead to config while "set" does
 * not), a Korean phrase as its word (미들웨어는, "the middleware", is 미들웨어: korean.ts), a katakana word without its
 * long-vowel marks, as the index keeps it (katakanaTerm: ブラウザー is ブラウザ).
 */
function readerWord(word: string): string {
  const lower = word.toLowerCase();
  return isKatakanaWord(lower) ? katakanaTerm(lower) : koreanWord(lower);
}

function phrasesOf(side: string): string[] {
  return side
    .split(',')
    .map((phrase) => phrase.trim().toLowerCase())
    .filter((phrase) => wordsOf(phrase).length > 0);
}

/** The terms of a word or phrase, in order, one per word (a code identifier's parts left out). */
function termsOfPhrase(text: string): string[] {
  return wordsOf(text.toLowerCase()).flatMap((word) => termsOfToken(word).slice(0, 1));
}
