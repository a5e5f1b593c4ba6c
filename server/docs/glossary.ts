// The words of software docs in English, Chinese and Japanese, for readers who ask in another language than
// the docs are written in: a developer in Shanghai reading Hono's English docs asks "如何在 Hono 中使用 CORS
// 中间件？", one in Tokyo reading Vue's Chinese docs or Vite's Japanese ones types "How do I change the dev
// server port?". A search by words finds none of the docs' words in such a question but its names (CORS, Hono),
// and its Chinese words, which no page has, made it look beyond the docs. Each line here is one meaning:
// the English words | the Chinese words (simplified) | the Japanese words. A reader's Chinese or Japanese word
// also searches for the English ones and the other language's (端口 for ポート on Vite's Japanese docs: through
// the English alone, 5 of 16 Chinese and Japanese questions on the other's docs, 11 with them), and a reader's
// English word for the Chinese and Japanese ones, as the
// same word of the question (read as readers' words are, synonyms.ts), when the question is in another
// language than most of the docs: asked in the docs' own language, the docs' own words find the answer, and
// the glossary's ("使用" for "use") only drew sections of English code (Vite's Japanese questions, P@1
// 0.818 -> 0.750 with the glossary always on).
// Only words of software docs in general, never of one product: a site adds its own in assistant.md.

import { otherScriptForms } from './chineseScripts.ts';
import { synonymsOf, type Synonyms } from './synonyms.ts';

const GLOSSARY_TEXT = `
middleware | 中间件 | ミドルウェア
component, components | 组件 | コンポーネント
plugin, plugins | 插件 | プラグイン
server | 服务器 | サーバー, サーバ
client | 客户端 | クライアント
app, application | 应用, 应用程序 | アプリ, アプリケーション
request, requests | 请求 | リクエスト
response, responses | 响应 | レスポンス
header, headers | 请求头, 响应头, 头部 | ヘッダー, ヘッダ
body | 请求体, 响应体 | ボディ, リクエストボディ
parameter, parameters, param, params | 参数 | パラメータ, パラメーター, 引数
query | 查询参数, 查询字符串 | クエリ, クエリパラメータ
route, routes, routing, router | 路由 | ルート, ルーティング, ルーター
path | 路径 | パス
url, link | 网址, 链接 | リンク
session, sessions | 会话 | セッション
token, tokens | 令牌 | トークン
auth, authentication, authenticate | 认证, 身份验证, 鉴权, 登录验证 | 認証
authorization | 授权 | 認可
password | 密码 | パスワード
validation, validate, validator | 校验, 验证, 数据校验 | バリデーション, 検証, 入力チェック
error, errors | 错误, 报错 | エラー
exception, exceptions | 异常 | 例外
handle, handler, handling | 处理 | 処理, ハンドリング, ハンドラー
redirect | 重定向, 跳转 | リダイレクト
proxy | 代理 | プロキシ
cors | 跨域 | クロスオリジン
compress, compression | 压缩 | 圧縮
cache, caching | 缓存 | キャッシュ
limit, limits | 限制, 上限 | 制限, 上限
timeout | 超时 | タイムアウト
log, logs, logger, logging | 日志 | ログ, ロガー
stream, streaming | 流式, 流式传输, 流 | ストリーミング, ストリーム
upload | 上传 | アップロード
download | 下载 | ダウンロード
file, files | 文件 | ファイル
static | 静态 | 静的
dynamic | 动态 | 動的
test, testing, tests | 测试, 单元测试 | テスト
deploy, deployment | 部署, 发布, 上线 | デプロイ, 公開
production | 生产环境, 生产 | 本番, 本番環境, プロダクション
development, dev | 开发 | 開発
build | 构建, 打包 | ビルド
bundle, bundler, bundling | 打包, 打包工具 | バンドル, バンドラー
install, installation | 安装 | インストール
config, configuration, configure | 配置, 配置文件, 设置 | 設定, 設定ファイル, コンフィグ
option, options | 选项 | オプション
default | 默认 | デフォルト
custom | 自定义 | カスタム, 独自
global, globally | 全局 | グローバル
local, locally | 局部, 本地 | ローカル
env, environment, variable | 环境变量 | 環境変数
mode | 模式 | モード
port | 端口 | ポート
host | 主机 | ホスト
https, ssl, certificate | 证书 | 証明書
type, types | 类型 | 型
type-safe, typesafe | 类型安全 | 型安全
function, functions | 函数 | 関数
method, methods | 方法 | メソッド
object | 对象 | オブジェクト
array | 数组 | 配列
string | 字符串 | 文字列
template, templates | 模板 | テンプレート
render, rendering | 渲染 | レンダリング, 描画
ssr, server-side | 服务端渲染, 服务器端渲染 | サーバーサイドレンダリング
ssg, prerender | 静态站点生成, 预渲染 | 静的サイト生成, プリレンダリング
hmr, hot | 热更新, 热模块替换, 热重载 | ホットリロード, ホットモジュールリプレースメント
alias | 别名 | エイリアス
sourcemap, sourcemaps | 源码映射, 源映射 | ソースマップ
dependency, dependencies | 依赖 | 依存, 依存関係
pre-bundling, prebundling, optimize | 预构建 | 事前バンドル
library, lib | 库 | ライブラリ
worker, workers | 工作线程 | ワーカー
event, events, emit | 事件 | イベント
listen, listener | 监听 | リッスン
state | 状态 | 状態, ステート
reactive, reactivity | 响应式 | リアクティブ, リアクティビティ
property, properties, attribute, attributes | 属性 | プロパティ, 属性
lifecycle, hooks | 生命周期, 钩子 | ライフサイクル, フック
slot, slots | 插槽 | スロット
directive, directives | 指令 | ディレクティブ
computed | 计算属性 | 算出プロパティ
watch, watcher, watchers | 侦听器, 监听器, 侦听 | ウォッチャー, 監視
ref, refs | 模板引用 | テンプレート参照
composable, composables | 组合式函数 | コンポーザブル
parent | 父组件 | 親コンポーネント
child, children | 子组件 | 子コンポーネント
form, forms, input | 表单, 输入框 | フォーム, 入力
list | 列表 | リスト, 一覧
condition, conditional | 条件渲染, 条件 | 条件付き
loop, iterate | 循环 | ループ
class, classes | 类名 | クラス
style, styles, css | 样式 | スタイル
animation, animations, transition, transitions | 动画, 过渡 | アニメーション, トランジション
async, asynchronous | 异步 | 非同期
lazy | 懒加载 | 遅延読み込み, 遅延ロード
performance | 性能 | パフォーマンス, 性能
security | 安全 | セキュリティ
accessibility | 无障碍 | アクセシビリティ
database | 数据库 | データベース
email | 邮件, 电子邮件 | メール
migration, migrate, upgrade | 迁移, 升级 | 移行, アップグレード
browser, browsers | 浏览器 | ブラウザ, ブラウザー
compatibility | 兼容性 | 互換性
module, modules | 模块 | モジュール
import | 导入 | インポート
export | 导出 | エクスポート
api, interface | 接口 | インターフェース
directory, folder | 目录, 文件夹 | ディレクトリ, フォルダ
output | 输出 | 出力
preview | 预览 | プレビュー
example, examples | 示例, 例子 | 例, サンプル
use, using, usage | 使用, 用法 | 使う, 使い方, 使用
get, read, access | 获取, 读取, 访问 | 取得, 読み込み, アクセス
set | 设置 | 設定
return | 返回 | 返す
send | 发送 | 送信, 送る
create, write | 创建, 编写 | 作成, 作る, 書き方
add | 添加 | 追加
remove, delete | 删除, 移除 | 削除
update | 更新 | 更新
change, modify | 修改, 更改, 改变 | 変更, 変える
enable | 启用, 开启 | 有効, 有効化
disable | 禁用, 关闭 | 無効, 無効化
run, start | 运行, 启动 | 実行, 起動, 動かす
stop | 停止 | 停止, 止める
call, invoke | 调用 | 呼び出す, 呼び出し
define | 定义 | 定義
register, registration | 注册 | 登録
bind, binding | 绑定 | バインド
pass | 传递, 传入 | 渡す
load, loading | 加载 | 読み込む, ロード
integrate, integration | 集成 | 統合, 連携
backend | 后端 | バックエンド
support | 支持 | サポート, 対応
slow | 慢, 很慢 | 遅い
color, colors, colour | 颜色, 配色 | 色, カラー
button | 按钮 | ボタン
icon | 图标 | アイコン
font | 字体 | フォント
theme, theming | 主题 | テーマ
dark | 暗色, 深色, 暗黑模式, 深色模式 | ダークモード, ダーク
size | 大小, 尺寸, 体积 | サイズ
width | 宽度 | 幅
height | 高度 | 高さ
position | 位置 | 位置
layout | 布局 | レイアウト
sidebar, panel | 侧边栏, 侧栏, 面板 | サイドバー, パネル
dialog, modal, popup | 弹窗, 对话框, 弹出框 | ダイアログ, モーダル, ポップアップ
launcher | 启动按钮, 启动器 | ランチャー
shortcut, hotkey | 快捷键 | ショートカット, ショートカットキー
keyboard | 键盘 | キーボード
mobile, phone | 手机, 移动端 | モバイル, スマホ, スマートフォン
screen reader, accessible | 读屏, 屏幕阅读器 | スクリーンリーダー
language, languages, locale | 语言 | 言語
translation, translations, translate | 翻译 | 翻訳
search | 搜索, 检索 | 検索
question, questions | 问题, 提问 | 質問
answer, answers | 回答, 答案 | 回答
feedback | 反馈 | フィードバック, 評価
conversation, thread, chat | 对话, 会话, 聊天 | 会話, チャット
history | 历史, 历史记录 | 履歴
user, users | 用户 | ユーザー
key, keys | 密钥 | キー
model, models | 模型 | モデル
prompt | 提示词 | プロンプト
source, sources, citation | 来源, 出处, 引用 | 出典, ソース, 引用
price, pricing, cost, free | 价格, 费用, 收费, 免费 | 料金, 価格, 無料
license | 许可证, 协议 | ライセンス
open source | 开源 | オープンソース
version, versions | 版本 | バージョン
release, releases | 发行版 | リリース
self-host, self-hosting, host | 自己部署, 自托管, 私有部署 | セルフホスト, 自前
container, docker | 容器 | コンテナ
command, commands, cli | 命令, 命令行 | コマンド, コマンドライン
terminal | 终端 | ターミナル
script | 脚本 | スクリプト
tag | 标签 | タグ
element, elements | 元素 | 要素
image, images | 图片 | 画像
address | 地址 | アドレス
show, display | 显示, 展示 | 表示
open | 打开, 开启, 弹出 | 開く, 開き, オープン
close | 关闭, 收起 | 閉じる
left | 左边, 左侧, 左 | 左, 左側
right | 右边, 右侧, 右 | 右, 右側
top | 顶部, 上方 | 上部
bottom | 底部, 下方 | 下部
assistant | 助手, 助理 | アシスタント
site, website | 网站, 站点 | サイト, ウェブサイト
strict | 严格 | 厳しい, 厳格
work, works | 生效, 工作, 可用 | 動く, 動き, 動作
own | 自己的 | 自分の, 独自
`;

/** A glossary line as lines of readers' words (synonyms.ts): the Chinese and Japanese words find the English ones and each other, and the English words the others. */
function synonymLines(line: string): string[] {
  const [english = '', chinese = '', japanese = ''] = line.split('|').map((part) => part.trim());
  const others = [chinese, japanese].filter((part) => part !== '').join(', ');
  if (english === '' || others === '') return [];
  return [`${others} => ${english}, ${others}`, `${english} => ${others}`];
}

let compiled: Synonyms | undefined;

/**
 * The glossary as readers' words, each meaning both ways. Compiled on the first question asked across languages
 * (about 25 ms of segmenting its words), never at start-up: most sites are asked in their own language.
 */
export const GLOSSARY: Synonyms = {
  alternativesIn: (question) =>
    (compiled ??= synonymsOf(
      GLOSSARY_TEXT.split('\n')
        .filter((line) => line.trim() !== '')
        .flatMap(synonymLines),
    )).alternativesIn(question),
};

/**
 * The glossary's words for a question's `terms`, asked across languages. The glossary writes Chinese in
 * simplified characters: a question in traditional ones (中間件) is read in them too, each word found given to
 * the question's own term.
 */
export function glossaryAlternatives(question: string, terms: readonly string[]): Map<string, string[]> {
  const alternatives = GLOSSARY.alternativesIn(question);
  // None when the question has no Chinese characters.
  for (const form of otherScriptForms(question)) {
    for (const [found, others] of GLOSSARY.alternativesIn(form)) {
      const term = terms.find((candidate) => candidate === found || otherScriptForms(candidate).includes(found));
      if (term !== undefined) alternatives.set(term, [...new Set([...(alternatives.get(term) ?? []), ...others])]);
    }
  }
  return alternatives;
}

/** Whether the glossary has a word (a part of a katakana compound: ルートパラメータ is ルート and パラメータ). */
export function glossaryKnows(word: string): boolean {
  return GLOSSARY.alternativesIn(word).size > 0;
}
